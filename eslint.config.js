// Lint rules in the spirit of the Epic Stack's: JavaScript and TypeScript recommended,
// React and the rules of hooks, and the layering of ARCHITECTURE (routes → domain → db,
// lib below everything) as import restrictions, so a wrong-way import fails `npm test`.
import js from "@eslint/js";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const layer = (patterns, message) => ({
  "@typescript-eslint/no-restricted-imports": [
    "error",
    { patterns: patterns.map((group) => ({ group: [group], message, allowTypeImports: true })) },
  ],
});

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "node_modules/**",
      "data/**",
      "tests/.artifacts/**",
      "test-results/**",
      "playwright-report/**",
      "screenshots/**",
      ".cache/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{js,mjs,ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
    },
  },
  // Form bodies are read in one place, which counts their fields before anything parses them.
  {
    files: ["app/**"],
    ignores: ["app/utils/form-data.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='formData'][arguments.length=0]",
          message: "Read a form with readFormData (app/utils/form-data.server.ts): it caps its fields before parsing.",
        },
      ],
    },
  },
  // The app logs through app/utils/log.server.ts; scripts, benchmarks and servers print.
  { files: ["app/**"], rules: { "no-console": ["error", { allow: ["warn", "error", "info"] }] } },
  {
    files: ["**/*.tsx"],
    plugins: { react, "react-hooks": reactHooks },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      "react/prop-types": "off",
      "react/no-unescaped-entities": "off",
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["app/domain/**"],
    rules: layer(
      ["~/routes/*", "~/components/*", "~/hooks/*", "~/utils/*"],
      "The domain sits below routes and their helpers (ARCHITECTURE: routes → domain → db).",
    ),
  },
  {
    files: ["app/lib/**"],
    rules: layer(
      ["~/routes/*", "~/components/*", "~/hooks/*", "~/utils/*", "~/domain/*", "#db/client.server", "#db/schema"],
      "lib/ is below everything: it imports only other lib/ modules and db/enums.",
    ),
  },
  {
    files: ["db/**"],
    ignores: ["db/seed.ts"],
    rules: layer(["~/routes/*", "~/components/*", "~/hooks/*", "~/utils/*", "~/domain/*"], "db/ is the bottom layer."),
  },
  {
    files: ["app/components/**", "app/hooks/**"],
    rules: layer(
      ["~/routes/*", "*.server", "#db/client.server", "#db/schema"],
      "Components run in the browser: no server modules and no routes.",
    ),
  },
);
