// The graph model, the validators' error types and their identifiers live in CleanseGraph,
// so that the build-time validator shares them; `import Cleanse` brings them along.
@_exported public import CleanseGraph
