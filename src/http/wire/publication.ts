// A publication on the wire, one shape for the discovery reads and the authoring API's /v1/me.
import { Type, type Static } from "../../posts/typebox.js";
import { KEY_MAX_LENGTH, SUMMARY_MAX_LENGTH } from "../../posts/fields.js";
import type { PublicationRecord } from "../../store/post-store.js";

const text = (description: string) => Type.String({ description });

/** A publication's fields on the wire (also the authoring API's /v1/me). */
export const publicationProperties = {
  id: text("Unique identifier of the publication"),
  name: text("Display name"),
  ownerUserId: text(
    "The user (author) who owns it: the one given, else its first author by id, else empty",
  ),
  slug: Type.String({
    minLength: 1,
    maxLength: KEY_MAX_LENGTH,
    description: "Public at {SITE_URL}/@slug",
  }),
  customDomain: Type.Optional(Type.String({ format: "uri", description: "Its own site" })),
  summary: Type.Optional(Type.String({ maxLength: SUMMARY_MAX_LENGTH })),
  logoUrl: Type.Optional(Type.String({ format: "uri" })),
};

export const PublicationSchema = Type.Object(publicationProperties, { $id: "Publication" });
export type WirePublication = Static<typeof PublicationSchema>;

export function toWirePublication(p: PublicationRecord): WirePublication {
  const wire: WirePublication = {
    ...{ id: p.id, name: p.name, ownerUserId: p.ownerUserId, slug: p.slug },
  };
  if (p.customDomain !== undefined) wire.customDomain = p.customDomain;
  if (p.summary !== undefined) wire.summary = p.summary;
  if (p.logoUrl !== undefined) wire.logoUrl = p.logoUrl;
  return wire;
}
