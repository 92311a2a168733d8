// Publications and users (our authors), one at a time, as the original's client reads them.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { depends } from "../../posts/answer-cache.js";
import type { PublicationKey, UserKey } from "../../store/post-store.js";
import type { DiscoveryContext } from "./context.js";
import * as docs from "./docs.js";
import { domainHostOf } from "./params.js";
import { publicationAnswer, userAnswer } from "./wire.js";
import { surrogateKey } from "../edge/headers.js";
import { dropAtSign } from "../wire/schemas.js";
import { sendAnswer } from "../edge/send-answer.js";

export async function publicationRoutes(app: FastifyInstance, context: DiscoveryContext) {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const publication = publicationReply(context);
  const user = userReply(context);

  typed.get("/v1/publications/:publicationId", {
    schema: docs.publicationByIdSchema,
    handler: (request, reply) => publication(request, reply, { id: request.params.publicationId }),
  });
  typed.get("/v1/publications/slug/:publicationSlug", {
    schema: docs.publicationBySlugSchema,
    preValidation: dropAtSign,
    handler: (request, reply) =>
      publication(request, reply, { slug: request.params.publicationSlug }),
  });
  typed.get("/v1/publications/domain/:domain", {
    schema: docs.publicationByDomainSchema,
    handler: (request, reply) =>
      publication(request, reply, { domainHost: domainHostOf(request.params.domain) }),
  });
  typed.get("/v1/users/:userId", {
    schema: docs.userByIdSchema,
    handler: (request, reply) => user(request, reply, { id: request.params.userId }),
  });
  typed.get("/v1/users/wallet/:walletAddress", {
    schema: docs.userByWalletSchema,
    handler: (request, reply) =>
      user(request, reply, { walletAddress: request.params.walletAddress }),
  });
}

type Send<K> = (request: FastifyRequest, reply: FastifyReply, key: K) => Promise<unknown>;

function publicationReply({ discovery, answers, cacheControl }: DiscoveryContext) {
  const send: Send<PublicationKey> = async (request, reply, key) => {
    const answer = await answers.get(
      `publication:${JSON.stringify(key)}`,
      async () => {
        const found = await discovery.publication(key);
        if (found === undefined) return undefined;
        const value = publicationAnswer(found, [surrogateKey("pub", found.id)]);
        return { value, dependencies: [depends.publication(found.id)], timed: false };
      },
      request,
    );
    return sendAnswer(request, reply, answer, cacheControl, "Publication not found");
  };
  return send;
}

function userReply({ discovery, answers, cacheControl }: DiscoveryContext) {
  const send: Send<UserKey> = async (request, reply, key) => {
    // A wallet is matched whatever its case: one entry for every spelling.
    const name = "id" in key ? `id:${key.id}` : `wallet:${key.walletAddress.toLowerCase()}`;
    const answer = await answers.get(
      `user:${name}`,
      async () => {
        const found = await discovery.user(key);
        if (found === undefined) return undefined;
        const { id, publicationId } = found;
        const keys = [surrogateKey("user", id), surrogateKey("pub", publicationId)];
        const dependencies = [depends.user(id), depends.publication(publicationId)];
        return { value: userAnswer(found, keys), dependencies, timed: false };
      },
      request,
    );
    return sendAnswer(request, reply, answer, cacheControl, "User not found");
  };
  return send;
}
