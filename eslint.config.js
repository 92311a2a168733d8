import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";

/**
 * The layers (README "Layout"): data flows top to bottom, nothing imports upward or
 * sideways. Each entry: the files, and the folders they may not import from.
 */
const HTTP_BESIDE = [
  "import",
  "cli",
  "client",
  "desk",
  "media",
  "site",
  "app",
  "server",
  "workers",
];
const HTTP_FEATURES = ["reads", "discovery", "authoring", "webhooks", "ops"];

const LAYERS = [
  ["src/content/**", "content is pure: nothing of ours outside it", ["\\.\\./"]],
  [
    "src/store/**",
    "store/ is the bottom layer",
    [
      ...["posts", "http", "import", "cli", "client", "content", "webhooks", "site"],
      ...["app", "server", "workers"],
    ],
  ],
  [
    "src/posts/**",
    "posts/ sits under http/ and import/",
    ["http", "import", "cli", "client", "webhooks", "site", "app", "server", "workers"],
  ],
  [
    "src/webhooks/**",
    "webhooks/ sits under http/ and cli/, beside posts/, over store/",
    ["http", "import", "cli", "client", "posts", "app", "server", "workers"],
  ],
  [
    "src/import/**",
    "import/ is beside http/",
    ["http", "cli", "client", "webhooks", "app", "server", "workers"],
  ],
  ["src/http/**", "http/ is beside import/, under site/ and desk/", HTTP_BESIDE],
  // Within http/, each feature owns its folder and stands on the shared edge/ and wire/ only:
  // what two features share moves down into those, so a feature can change alone.
  ...HTTP_FEATURES.map((feature) => [
    `src/http/${feature}/**`,
    `http/${feature}/ uses http/edge/ and http/wire/, no other feature`,
    [
      ...HTTP_BESIDE,
      `^\\.\\./(\\.\\./http/)?(${HTTP_FEATURES.filter((f) => f !== feature).join("|")})/`,
    ],
  ]),
  [
    "src/http/{edge,wire}/**",
    "http/edge/ and http/wire/ are under every http/ feature",
    [...HTTP_BESIDE, `^\\.\\./(\\.\\./http/)?(${HTTP_FEATURES.join("|")})/`],
  ],
  [
    "src/media/**",
    "media/ sits under desk/ and site/, over store/",
    [
      "http",
      "import",
      "cli",
      "client",
      "desk",
      "site",
      "posts",
      "webhooks",
      "app",
      "server",
      "workers",
    ],
  ],
  [
    "src/desk/**",
    "desk/ sits over http/, media/, posts/, site/ and store/",
    ["import", "cli", "client", "app", "server", "workers"],
  ],
  [
    "src/site/**",
    "site/ sits over http/ (answers, headers) and posts/",
    ["import", "cli", "client", "desk", "webhooks", "app", "server", "workers"],
  ],
  [
    "src/{errors,config/*}.ts",
    "foundations import nothing of ours but each other",
    [
      "\\./(posts|http|import|cli|client|store|content|webhooks|site)/",
      "\\./(app|server|workers)\\.js",
    ],
  ],
];

const upward = (folders) =>
  folders.map((name) => (/[\\/()]/.test(name) ? name : `(^|/)\\.\\.(/\\.\\.)*/${name}(/|\\.js$)`));

const boundaries = LAYERS.map(([files, message, folders]) => ({
  files: [files],
  rules: {
    "no-restricted-imports": [
      "error",
      { patterns: upward(folders).map((regex) => ({ regex, message: `layers: ${message}` })) },
    ],
  },
}));

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "bench/data/**", "test-artifacts/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "no-console": "off",
    },
  },
  ...boundaries,
  // A cycle makes load order decide what a module sees (undefined at import time); type-only
  // imports vanish at run time and are not cycles.
  {
    files: ["src/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver()],
      // The rule follows only files it may parse: ours are TypeScript.
      "import-x/extensions": [".ts", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts"] },
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
);
