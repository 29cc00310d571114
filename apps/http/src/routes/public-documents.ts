import { buildOpenApi } from '@svc/contracts';
import type { Service } from '@svc/service';

/** Origins kept at once: the configured URL, or the few local addresses the server is reached on. */
const MAX_ORIGINS = 16;

interface OpenApiForms {
  /** `GET /api/v1/openapi.json`, serialised. */
  readonly json: Buffer;
  /** What `/docs` renders: the same document without `jsonSchemaDialect` (Swagger UI reads only the default). */
  readonly ui: Record<string, unknown>;
  readonly uiJson: Buffer;
}

/**
 * The heavy public documents (the OpenAPI document, ~300 KB, and the capabilities manifest, ~70 KB),
 * built and serialised once and sent as bytes: a request for them costs a lookup, not a build and a
 * `JSON.stringify`. Both are fixed for the life of the process (the contracts and the engine).
 */
export class PublicDocuments {
  private readonly openApi = new Map<string, OpenApiForms>();
  private capabilities: Buffer | null = null;

  constructor(private readonly service: Service) {}

  /** The OpenAPI document whose server is `origin` (see `publicOrigin`). */
  openApiFor(origin: string): OpenApiForms {
    let forms = this.openApi.get(origin);
    if (forms === undefined) {
      const doc = buildOpenApi({ serverUrl: origin });
      const { jsonSchemaDialect: _dialect, ...ui } = doc;
      forms = { json: Buffer.from(JSON.stringify(doc)), ui, uiJson: Buffer.from(JSON.stringify(ui)) };
      if (this.openApi.size >= MAX_ORIGINS) this.openApi.delete(this.openApi.keys().next().value!);
      this.openApi.set(origin, forms);
    }
    return forms;
  }

  /** `GET /api/v1/capabilities`, serialised. */
  capabilitiesJson(): Buffer {
    this.capabilities ??= Buffer.from(JSON.stringify(this.service.capabilities()));
    return this.capabilities;
  }
}

export const JSON_UTF8 = 'application/json; charset=utf-8';
