/**
 * Import rules checked by `npm run check:imports` (part of `npm test`): no cycles in any package, and the API's
 * routes import neither app.ts nor another routes file (they share messages and services, not handlers).
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import cycle (type-only imports count too): move what both need to a module each can import.",
      from: {},
      to: { circular: true },
    },
    {
      name: "routes-not-to-app",
      severity: "error",
      comment: "A routes file imports app.ts: take what it needs from deps.ts or the module's own files.",
      from: { path: "^packages/api/src/modules/.+\\.routes\\.ts$" },
      to: { path: "^packages/api/src/app\\.ts$" },
    },
    {
      name: "routes-not-to-routes",
      severity: "error",
      comment: "A routes file imports another routes file: move what they share (messages, services) to its module.",
      from: { path: "^packages/api/src/modules/.+\\.routes\\.ts$" },
      to: { path: "^packages/api/src/modules/.+\\.routes\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|dist|test-results|playwright-report|data)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"], extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
