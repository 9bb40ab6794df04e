// ESLint flat config for make bench-check. The harness copies it into the
// installed tree's directory (so every linted file is under its base path)
// next to module-dirs.json, and passes it with --config, so the
// eslint.config.js files that packages ship are never looked up.
//
// Rules: eslint-plugin-n's and eslint-plugin-promise's recommended sets.
// sourceType follows Node: .mjs is a module, .cjs a script, and a .js file
// takes the "type" of its nearest package.json, or is a module when it has
// import/export statements and no type says otherwise (module-types.json,
// written by the harness: "dirs" are the directories whose package.json
// sets a type, shallowest first so a deeper one overrides, "esmFiles" the
// .js files Node's syntax detection would load as modules).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const require = createRequire(new URL("../tools/package.json", import.meta.url));
const n = (await import(pathToFileURL(require.resolve("eslint-plugin-n")).href)).default;
const promise = require("eslint-plugin-promise");

const types = JSON.parse(readFileSync(new URL("./module-types.json", import.meta.url), "utf8"));

export default [
  // ESLint ignores node_modules by default, even files named on the command
  // line and even with --no-ignore (which would also drop this entry):
  // un-ignore it, the tree is one.
  { ignores: ["!**/node_modules/"] },
  ...n.configs["flat/mixed-esm-and-cjs"],
  promise.configs["flat/recommended"],
  ...types.dirs.map(({ dir, type }) => ({
    files: [`${dir}/**/*.js`],
    languageOptions: { sourceType: type === "module" ? "module" : "commonjs" },
  })),
  ...(types.esmFiles.length ? [{ files: types.esmFiles, languageOptions: { sourceType: "module" } }] : []),
  { linterOptions: { reportUnusedDisableDirectives: "off" } },
];
