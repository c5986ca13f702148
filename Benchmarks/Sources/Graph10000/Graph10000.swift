// G(10,000), measured for construction only. Its types, modules, registrations and the two
// entry points the benchmark times (`G10000ConstructCleanse`, `G10000RegisterSwinject`) are
// written at build time by the GenerateGraphs plugin (see `BenchmarkGraphs`).
