// Page views: a visible post's view is counted in memory (posts/views.ts) and
// answered at once; a hidden or missing post is the usual 404. No key: readers count views.
import type { FastifyInstance } from "fastify";
import { ApiError } from "../../errors.js";
import type { ViewCounter } from "../../posts/views.js";
import { viewDocs } from "./docs.js";
import { fieldCompiler } from "../edge/field-validation.js";
import type { RepresentationService } from "../edge/send-post.js";

interface ViewRoutesOptions {
  service: RepresentationService;
  views: ViewCounter;
}

export async function viewRoutes(app: FastifyInstance, { service, views }: ViewRoutesOptions) {
  const schema = viewDocs;
  app.post(
    "/v1/posts/:postId/view",
    { schema, validatorCompiler: fieldCompiler },
    async (request, reply) => {
      const { postId } = request.params as { postId: string };
      if ((await service.find({ id: postId }, false)) === undefined)
        throw new ApiError("not_found");
      views.count(postId);
      return reply.code(204).header("cache-control", "no-store").send();
    },
  );
}
