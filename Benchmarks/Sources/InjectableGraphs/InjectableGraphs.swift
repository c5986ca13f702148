// The graphs with every class `@Injectable` (issue 63) are generated into this module at
// build time by the GenerateGraphs plugin (`BenchmarkSources.injectableDeclarations()`):
// each shape's classes, its explicit modules and both ways' components, and
// `injectableGraphs`, which `injectable-bench` runs.
