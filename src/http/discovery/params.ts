// Path and query parameters of the discovery reads, and the rules TypeBox cannot say alone
// (a limit's range per route, a domain as a host name). Names match the original's client.
import { Type } from "../../posts/typebox.js";
import { ApiError } from "../../errors.js";
import { CATEGORY_MAX_LENGTH, KEY_MAX_LENGTH, WALLET } from "../../posts/fields.js";
import { IncludeContentQuery } from "../wire/schemas.js";

const key = (name: string, description: string) =>
  Type.String({
    minLength: 1,
    maxLength: KEY_MAX_LENGTH,
    description: `${description}; 1 to ${KEY_MAX_LENGTH} characters`,
  });

export const PublicationIdParams = Type.Object({
  publicationId: key("publicationId", "Unique identifier of the publication, matched exactly"),
});
export const PublicationSlugParams = Type.Object({
  publicationSlug: key(
    "publicationSlug",
    "The publication's slug, matched exactly; a leading @ is accepted and dropped",
  ),
});
export const DomainParams = Type.Object({
  domain: Type.String({
    minLength: 1,
    maxLength: 253,
    description:
      "The host of the publication's custom domain, any letter case (`blog.example.com`)",
  }),
});
export const UserIdParams = Type.Object({
  userId: key("userId", "Unique identifier of the user (an author), matched exactly"),
});
export const WalletParams = Type.Object({
  walletAddress: Type.String({
    pattern: WALLET,
    description: "0x and 40 hexadecimal digits, any letter case",
  }),
});
export const TagParams = Type.Object({
  tag: Type.String({
    minLength: 1,
    maxLength: CATEGORY_MAX_LENGTH,
    description: "A category, matched exactly",
  }),
});
export const PostSlugParams = Type.Object({
  ...PublicationIdParams.properties,
  postSlug: key("postSlug", "The post's slug, matched exactly"),
});
export const FORMATS = ["rss", "atom", "json"] as const;
const format = Type.Union(
  FORMATS.map((f) => Type.Literal(f)),
  { description: "rss (RSS 2.0), atom (Atom 1.0) or json (JSON Feed 1.1)" },
);
export const FeedByIdParams = Type.Object({ ...PublicationIdParams.properties, format });
export const FeedBySlugParams = Type.Object({ ...PublicationSlugParams.properties, format });

const limit = (max: number, fallback: number) =>
  Type.Optional(
    Type.String({ description: `How many items, from 1 to ${max}; ${fallback} when absent` }),
  );

export const listQuery = (max: number, fallback: number) =>
  Type.Object({
    ...IncludeContentQuery.properties,
    cursor: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1024,
        description: "The `pagination.cursor` of the page before; absent for the first page",
      }),
    ),
    limit: limit(max, fallback),
  });

export const searchQuery = (max: number, fallback: number, scoped: boolean) =>
  Type.Object({
    q: Type.String({
      minLength: 1,
      maxLength: 1000,
      description:
        "Words to find, all of them (the last also as a prefix); anything but letters and digits separates words",
    }),
    ...(scoped && { blogId: Type.Optional(key("blogId", "Only this publication's posts")) }),
    limit: limit(max, fallback),
  });

/** The limit asked for, or `fallback`; a 400 naming `limit` outside 1..max. */
export function limitValue(raw: string | undefined, max: number, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = /^[0-9]{1,6}$/.test(raw) ? Number(raw) : NaN;
  if (value >= 1 && value <= max) return value;
  throw new ApiError("invalid_parameter", `limit must be an integer from 1 to ${max}`);
}

/** The host a domain parameter names, as the WHATWG URL parser writes it (lower case). */
export function domainHostOf(domain: string): string {
  const url = URL.canParse(`https://${domain}/`) ? new URL(`https://${domain}/`) : undefined;
  const extra = url && (url.pathname !== "/" || url.search || url.hash || url.username || url.port);
  if (url === undefined || extra) {
    throw new ApiError("invalid_parameter", "domain must be a host name (blog.example.com)");
  }
  return url.hostname;
}
