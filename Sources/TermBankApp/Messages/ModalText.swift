/// The modals' texts.
public enum ModalText: Equatable, Sendable {
    case quitTitle, quitQuestion, youWillBeSignedOut
    case smsTitle, smsQuestion, smsExplanation, smsTurnOnExplanation
    case trustTitle, trustQuestion(days: Int64), trustExplanation
    case yesNo
}
