// The original service's own client (@paragraph-com/sdk), unchanged, pointed at Folio. Its
// dist sends every request through one axios instance made at load with a fixed base URL
// (`AXIOS_INSTANCE = axios.create({ baseURL: "https://public.api.paragraph.com/api" })`);
// the client has no option for it. So the instance is caught as the client makes it, from
// the client's own axios, and its base URL is set to the Folio under test.
import { createRequire } from "node:module";
import type * as Sdk from "@paragraph-com/sdk";

interface AxiosInstance {
  defaults: { baseURL?: string };
}
interface AxiosModule {
  create(config?: object): AxiosInstance;
}

const require = createRequire(import.meta.url);
const sdkPath = require.resolve("@paragraph-com/sdk");
const axios = createRequire(sdkPath)("axios") as AxiosModule;

let instance: AxiosInstance | undefined;
const create = axios.create.bind(axios);
axios.create = (config) => (instance = create(config));
const sdk = require(sdkPath) as typeof Sdk;
axios.create = create;
if (instance === undefined) throw new Error("the client made no axios instance at load");
const client: AxiosInstance = instance;

/** The client's module: ParagraphAPI and its zod schemas. */
export { sdk };

/** Every ParagraphAPI from now on talks to `baseUrl` (the client has one instance). */
export function pointClientAt(baseUrl: string): void {
  client.defaults.baseURL = baseUrl;
}
