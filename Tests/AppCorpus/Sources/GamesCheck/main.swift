import CorpusReport
@testable import GamesPresentation

report(GamesAppComponent.self)
report(FavoritesPresenterHarness.Component.self)
