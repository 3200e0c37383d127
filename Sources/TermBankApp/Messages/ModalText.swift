/// The modals' texts.
public enum ModalText: Equatable, Sendable {
    case quitTitle, quitQuestion, youWillBeSignedOut
    case smsTitle, smsQuestion
    /// The logout question's state line and what each answer does from it,
    /// as the bank saved it when the question opened (decision 53).
    case smsIsNow(on: Bool)
    case smsYes(isOn: Bool), smsNo(isOn: Bool)
    case trustTitle, trustQuestion(days: Int64), trustExplanation
    /// What each answer means for the next sign-in on this device.
    case trustYes, trustNo
    case yesNo
}
