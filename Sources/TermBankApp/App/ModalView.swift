import TermBankCore

enum ModalView {
    static func draw(_ frame: inout Frame, _ modal: Modal, in body: Rect, state: AppState, words: any AppCatalog) {
        let panel = AppView.centered(in: body, columns: 50, rows: 8)
        frame.fill(panel, role: .normal)
        switch modal {
        case .confirmQuit:
            frame.box(panel, role: .warning, title: words.text(ModalText.quitTitle))
            frame.put(words.text(ModalText.quitQuestion), row: panel.row + 2, column: panel.column + 3)
            if state.session != nil {
                frame.put(words.text(ModalText.youWillBeSignedOut), row: panel.row + 3, column: panel.column + 3, role: .muted)
            }
            frame.put(words.text(ModalText.yesNo), row: panel.row + 5, column: panel.column + 3, role: .accent)
        case .confirmSMSOnLogout:
            frame.box(panel, role: .accent, title: words.text(ModalText.smsTitle))
            frame.put(words.text(ModalText.smsQuestion), row: panel.row + 2, column: panel.column + 3)
            // What each answer does from the switch as saved now: the same read the statement shows.
            let isOn = SMSSwitchOnLogout.isOn(state)
            frame.put(words.text(ModalText.smsIsNow(on: isOn)), row: panel.row + 3, column: panel.column + 3, role: .muted)
            frame.put(words.text(ModalText.smsYes(isOn: isOn)), row: panel.row + 4, column: panel.column + 3, role: .accent)
            frame.put(words.text(ModalText.smsNo(isOn: isOn)), row: panel.row + 5, column: panel.column + 3, role: .accent)
        case .turningSMSOnForLogout, .readingSMSSwitchForLogout:
            frame.box(panel, role: .accent, title: words.text(ModalText.smsTitle))
            frame.put(words.text(ModalText.smsQuestion), row: panel.row + 2, column: panel.column + 3)
            frame.put("…", row: panel.row + 5, column: panel.column + 3, role: .muted)
        case .trustDevice:
            frame.box(panel, role: .accent, title: words.text(ModalText.trustTitle))
            frame.put(words.text(ModalText.trustQuestion(days: AppText.trustDays)), row: panel.row + 2, column: panel.column + 3)
            frame.put(words.text(ModalText.trustExplanation), row: panel.row + 3, column: panel.column + 3, role: .muted)
            // What y means for the next sign-in here, so the guided story's step 3 is not a surprise.
            frame.put(words.text(ModalText.trustYes), row: panel.row + 4, column: panel.column + 3, role: .accent)
            frame.put(words.text(ModalText.trustNo), row: panel.row + 5, column: panel.column + 3, role: .accent)
        }
    }
}
