import CorpusReport
@testable import TryoutApp

report(AppComponent.self)
report(OnboardingFlow.self)
