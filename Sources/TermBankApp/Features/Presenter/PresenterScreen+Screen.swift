/// The presenter's view (`termbank demo watch`): the operator's, with no session.
extension PresenterScreen: ScreenFeature {
    var stableName: String { "presenter" }
    func reduce(_ state: inout AppState, _ key: Key) -> [Effect] {
        AppReducer.scope(&state, self, Screen.presenter, key, PresenterFeature.key)
    }

    func bindings(_ state: AppState) -> [KeyHelp.Item] {
        if confirming != nil {
            let answers = state.shownLanguage.appCatalog.answers
            return [.init("\(answers.yes)/Enter", .yes), .init("\(answers.no)/Esc", .no)]
        }
        let rows = snapshot?.stakeholders.isEmpty == false
        return (rows ? [.init("↑/↓", .choose), .init("u", .unlock)] : []) + [.init("q/Esc", .quit)]
    }

    func moreBindings(_ state: AppState) -> [KeyHelp.Item] {
        confirming == nil && snapshot?.stakeholders.isEmpty == false ? [.init("j/k", .choose)] : []
    }

    var needsSession: Bool { false }

    func draw(_ frame: inout Frame, _ state: AppState, in body: Rect, words: any AppCatalog) {
        PresenterView.draw(&frame, self, now: state.now, in: body, words: words)
    }
}
