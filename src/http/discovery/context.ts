// What the discovery routes read through: the services of posts/, the answer cache in
// front of them, and the settings that shape the bytes.
import type { CachedAnswers } from "../../posts/cached-answers.js";
import type { Discovery } from "../../posts/discovery.js";
import type { DiscoverySearch } from "../../posts/discovery-search.js";
import type { Answer } from "../wire/answer.js";
import type { RepresentationService } from "../edge/send-post.js";

export interface DiscoveryContext {
  discovery: Discovery;
  search: DiscoverySearch;
  answers: CachedAnswers<Answer>;
  /** The single-post read service: the read by publication id + post slug goes through it. */
  posts: RepresentationService;
  siteUrl: string;
  cacheControl: string;
}
