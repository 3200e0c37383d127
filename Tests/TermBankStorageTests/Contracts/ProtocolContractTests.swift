import XCTest

// Every store protocol's contract, each test run on SQLite and on PostgreSQL (ContractTestCase).

final class DeviceStoreContractTests: ContractTestCase {
    var contract: DeviceStoreContract { DeviceStoreContract(make: on.make) }
    func testADeviceIsFoundByNameAndByIDAndListed() throws {
        try onEachBackend { try contract.aDeviceIsFoundByNameAndByIDAndListed() }
    }
    func testADeviceWithoutAPasscodeHasNoHashAndNamesAreUnique() throws {
        try onEachBackend { try contract.aDeviceWithoutAPasscodeHasNoHashAndNamesAreUnique() }
    }
    func testADemoOriginsLockOutsOnASharedPhoneAreItsOwn() throws {
        try onEachBackend { try contract.aDemoOriginsLockOutsOnASharedPhoneAreItsOwn() }
    }
    func testAResetWipesEveryOriginsLockOuts() throws {
        try onEachBackend { try contract.aResetWipesEveryOriginsLockOuts() }
    }
    func testCountersChangeAtomicallyAndAThrowingChangeKeepsNothing() throws {
        try onEachBackend { try contract.countersChangeAtomicallyAndAThrowingChangeKeepsNothing() }
    }
    func testAUsersSwitchStartsAbsentIsKeptAndAThrowingChangeKeepsNothing() throws {
        try onEachBackend { try contract.aUsersSwitchStartsAbsentIsKeptAndAThrowingChangeKeepsNothing() }
    }
}

final class SessionStoreContractTests: ContractTestCase {
    var contract: SessionStoreContract { SessionStoreContract(make: on.make) }
    func testASessionReadsBackAsItWasInserted() throws {
        try onEachBackend { try contract.aSessionReadsBackAsItWasInserted() }
    }
    func testAChangeIsKeptAndAThrowingChangeKeepsNothing() throws {
        try onEachBackend { try contract.aChangeIsKeptAndAThrowingChangeKeepsNothing() }
    }
    func testAnUnknownSessionIsNilInsideAChange() throws {
        try onEachBackend { try contract.anUnknownSessionIsNilInsideAChange() }
    }
}

final class VerificationStoreContractTests: ContractTestCase {
    var contract: VerificationStoreContract { VerificationStoreContract(make: on.make) }
    func testASavedRequestIsReadLaterAndTheRunningOneIsFoundByPhone() throws {
        try onEachBackend { try contract.aSavedRequestIsReadLaterAndTheRunningOneIsFoundByPhone() }
    }
    func testAThrowingBodyKeepsNothingABookingIncluded() throws {
        try onEachBackend { try contract.aThrowingBodyKeepsNothingABookingIncluded() }
    }
    func testSendsCountPerPhoneAndPerCustomerWithinTheirWindow() throws {
        try onEachBackend { try contract.sendsCountPerPhoneAndPerCustomerWithinTheirWindow() }
    }
    func testWrongChecksAndCodeLocksArePerCustomer() throws {
        try onEachBackend { try contract.wrongChecksAndCodeLocksArePerCustomer() }
    }
    func testSendsOfADemoOriginAreCountedApartFromEveryonesAndUnlockForgetsThem() throws {
        try onEachBackend { try contract.sendsOfADemoOriginAreCountedApartFromEveryonesAndUnlockForgetsThem() }
    }
    func testHoldersAreCountedOnceReleasedOneByOneAndGoWhenTheRequestEnds() throws {
        try onEachBackend { try contract.holdersAreCountedOnceReleasedOneByOneAndGoWhenTheRequestEnds() }
    }
}

final class SecondFactorStoreContractTests: ContractTestCase {
    var contract: SecondFactorStoreContract { SecondFactorStoreContract(make: on.make) }
    func testTheBanksIDIsMadeOnceAndKept() throws { try onEachBackend { try contract.theBanksIDIsMadeOnceAndKept() } }
    func testAnAuthenticatorIsKeptReplacedAndDeletedAndAThrowingBodyKeepsNothing() throws {
        try onEachBackend { try contract.anAuthenticatorIsKeptReplacedAndDeletedAndAThrowingBodyKeepsNothing() }
    }
    func testAnUnsealedSecretOrAnUnhashedRecoveryCodeIsRefused() throws {
        try onEachBackend { try contract.anUnsealedSecretOrAnUnhashedRecoveryCodeIsRefused() }
    }
    func testARecoveryCodeIsUsedOnceAndANewSetReplacesTheOld() throws {
        try onEachBackend { try contract.aRecoveryCodeIsUsedOnceAndANewSetReplacesTheOld() }
    }
    func testATrustedDeviceIsFoundByItsDigestRevokedAndListedNewestFirst() throws {
        try onEachBackend { try contract.aTrustedDeviceIsFoundByItsDigestRevokedAndListedNewestFirst() }
    }
    func testANumberBelongsToOneCustomerAtATime() throws {
        try onEachBackend { try contract.aNumberBelongsToOneCustomerAtATime() }
    }
    func testADemoOriginsRunOfWrongCodesIsKeptApartAndUnlockClearsIt() throws {
        try onEachBackend { try contract.aDemoOriginsRunOfWrongCodesIsKeptApartAndUnlockClearsIt() }
    }
}

final class KnownSignInStoreContractTests: ContractTestCase {
    var contract: KnownSignInStoreContract { KnownSignInStoreContract(make: on.make) }
    func testARecordAnswersForItsIdentityDeviceAndUsernameOnly() throws {
        try onEachBackend { try contract.aRecordAnswersForItsIdentityDeviceAndUsernameOnly() }
    }
    func testRecordingAgainRefreshesTheOneRecord() throws {
        try onEachBackend { try contract.recordingAgainRefreshesTheOneRecord() }
    }
}

final class PhoneInboxStoreContractTests: ContractTestCase {
    var contract: PhoneInboxStoreContract { PhoneInboxStoreContract(make: on.make) }
    func testMessagesComeBackPerPhoneOldestFirstAfterAnID() throws {
        try onEachBackend { try contract.messagesComeBackPerPhoneOldestFirstAfterAnID() }
    }
    func testTheSimulatedPhoneDeliversIntoTheInboxAtTheClocksTime() throws {
        try onEachBackend { try contract.theSimulatedPhoneDeliversIntoTheInboxAtTheClocksTime() }
    }
    func testAPhoneWithFifteenHundredMessagesShowsItsNewest() throws {
        try onEachBackend { try contract.aPhoneWithFifteenHundredMessagesShowsItsNewest() }
    }
    func testABankResetEmptiesEveryPhone() throws { try onEachBackend { try contract.aBankResetEmptiesEveryPhone() } }
    func testTheNewestMessageBeforeATimeIsThePhonesOwn() throws {
        try onEachBackend { try contract.theNewestMessageBeforeATimeIsThePhonesOwn() }
    }
}

final class GuestStoreContractTests: ContractTestCase {
    var contract: GuestStoreContract { GuestStoreContract(make: on.make) }
    func testAGuestIsACustomerWithAGuestRowAndItsOpeningBalances() throws {
        try onEachBackend { try contract.aGuestIsACustomerWithAGuestRowAndItsOpeningBalances() }
    }
    func testATakenNameOrNumberIsRefusedAndNothingIsMade() throws {
        try onEachBackend { try contract.aTakenNameOrNumberIsRefusedAndNothingIsMade() }
    }
    func testAnAddressMakesAtMostItsLimitInTheWindow() throws {
        try onEachBackend { try contract.anAddressMakesAtMostItsLimitInTheWindow() }
    }
    func testExpiredGuestsAreFoundAndRemovalSweepsTheirMoneyBackOnce() throws {
        try onEachBackend { try contract.expiredGuestsAreFoundAndRemovalSweepsTheirMoneyBackOnce() }
    }
}

final class OperatorStoreContractTests: ContractTestCase {
    var contract: OperatorStoreContract { OperatorStoreContract(make: on.make) }
    func testTheChangeStampMovesWithACommitAndNotWithAReadOrARest() throws {
        try onEachBackend { try contract.theChangeStampMovesWithACommitAndNotWithAReadOrARest() }
    }
    func testTheAuditTrailIsReadOldestFirstPageByPage() throws {
        try onEachBackend { try contract.theAuditTrailIsReadOldestFirstPageByPage() }
    }
    func testTheLastSignInOnADeviceIsItsNewestSession() throws {
        try onEachBackend { try contract.theLastSignInOnADeviceIsItsNewestSession() }
    }
    func testTheLastPasswordAcceptedOnADeviceIsFoundBeforeAnySession() throws {
        try onEachBackend { try contract.theLastPasswordAcceptedOnADeviceIsFoundBeforeAnySession() }
    }
}

final class StatementHistoryContractTests: ContractTestCase {
    var contract: StatementHistoryContract { StatementHistoryContract(make: on.make) }
    func testPagesWalkTheWholeHistoryNewestFirstAndOldestFirstWithTheSameBalances() throws {
        try onEachBackend { try contract.pagesWalkTheWholeHistoryNewestFirstAndOldestFirstWithTheSameBalances() }
    }
    func testAnotherCustomersPostingsNeverShow() throws {
        try onEachBackend { try contract.anotherCustomersPostingsNeverShow() }
    }
    func testManyBookingsAtOnceAreAllBookedOrNoneAtTheirOwnTimes() throws {
        try onEachBackend { try contract.manyBookingsAtOnceAreAllBookedOrNoneAtTheirOwnTimes() }
    }
    func testAnAccountFilterAndDatesKeepOnlyTheirPostings() throws {
        try onEachBackend { try contract.anAccountFilterAndDatesKeepOnlyTheirPostings() }
    }
    func testASearchFindsATransferItsReversalAndLinesByDescription() throws {
        try onEachBackend { try contract.aSearchFindsATransferItsReversalAndLinesByDescription() }
    }
    func testTheBalanceHistoryCountsMoneyInAndOutPerDayAndEndsOnTodaysBalance() throws {
        try onEachBackend { try contract.theBalanceHistoryCountsMoneyInAndOutPerDayAndEndsOnTodaysBalance() }
    }
}

final class StoryStoreContractTests: ContractTestCase {
    func testTheFactsAreTheCustomersOwnFromSinceOn() throws {
        try onEachBackend { try StoryStoreContract(make: on.make).theFactsAreTheCustomersOwnFromSinceOn() }
    }
}
