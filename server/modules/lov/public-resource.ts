import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isLocale, type Locale } from "../../../core/constants.ts";
import { notFound } from "../../http/errors.ts";

/** A public resource file's locale from its name ("zh_HK.json"); anything else is a 404 (ADR 0014). */
export function localeOfResourceFile(file: unknown): Locale {
  const match = typeof file === "string" ? /^([A-Za-z_]{2,8})\.json$/.exec(file) : null;
  if (!match || !isLocale(match[1])) throw notFound();
  return match[1];
}

/** A JSON body with its strong ETag, computed once per value. */
export interface ResourceBody {
  json: string;
  etag: string;
}

export function resourceBody(value: unknown): ResourceBody {
  const json = JSON.stringify(value);
  return { json, etag: `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"` };
}

/** Sends a public resource a CDN may cache, answering 304 when the client's copy is current. */
export function sendResource(
  request: FastifyRequest,
  reply: FastifyReply,
  body: ResourceBody,
  maxAgeSeconds = 300,
) {
  reply.header(
    "cache-control",
    `public, max-age=${maxAgeSeconds}, stale-while-revalidate=${maxAgeSeconds * 12}`,
  );
  reply.header("etag", body.etag);
  const match = request.headers["if-none-match"];
  if (match?.split(",").some((tag) => tag.trim() === body.etag)) return reply.status(304).send();
  return reply.type("application/json; charset=utf-8").send(body.json);
}
