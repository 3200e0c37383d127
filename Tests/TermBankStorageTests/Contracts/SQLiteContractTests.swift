import XCTest

// Every store protocol's contract, run on SQLite. Another backend adds the
// same classes with its own factory in place of `SQLiteContractBackend.make`.

final class SQLiteDeviceStoreContractTests: XCTestCase {
    let contract = DeviceStoreContract(make: SQLiteContractBackend.make)
    func testADeviceIsFoundByNameAndByIDAndListed() throws { try contract.aDeviceIsFoundByNameAndByIDAndListed() }
    func testADeviceWithoutAPasscodeHasNoHashAndNamesAreUnique() throws {
        try contract.aDeviceWithoutAPasscodeHasNoHashAndNamesAreUnique()
    }
    func testADemoOriginsLockOutsOnASharedPhoneAreItsOwn() throws {
        try contract.aDemoOriginsLockOutsOnASharedPhoneAreItsOwn()
    }
    func testAResetWipesEveryOriginsLockOuts() throws { try contract.aResetWipesEveryOriginsLockOuts() }
    func testCountersChangeAtomicallyAndAThrowingChangeKeepsNothing() throws {
        try contract.countersChangeAtomicallyAndAThrowingChangeKeepsNothing()
    }
    func testAUsersSwitchStartsAbsentIsKeptAndAThrowingChangeKeepsNothing() throws {
        try contract.aUsersSwitchStartsAbsentIsKeptAndAThrowingChangeKeepsNothing()
    }
}

final class SQLiteSessionStoreContractTests: XCTestCase {
    let contract = SessionStoreContract(make: SQLiteContractBackend.make)
    func testASessionReadsBackAsItWasInserted() throws { try contract.aSessionReadsBackAsItWasInserted() }
    func testAChangeIsKeptAndAThrowingChangeKeepsNothing() throws { try contract.aChangeIsKeptAndAThrowingChangeKeepsNothing() }
    func testAnUnknownSessionIsNilInsideAChange() throws { try contract.anUnknownSessionIsNilInsideAChange() }
    func testRecentSignInsSayWhichUsedAnSMSCodeAndWhichATrustedDevice() throws {
        try contract.recentSignInsSayWhichUsedAnSMSCodeAndWhichATrustedDevice()
    }
}

final class SQLiteVerificationStoreContractTests: XCTestCase {
    let contract = VerificationStoreContract(make: SQLiteContractBackend.make)
    func testASavedRequestIsReadLaterAndTheRunningOneIsFoundByPhone() throws {
        try contract.aSavedRequestIsReadLaterAndTheRunningOneIsFoundByPhone()
    }
    func testAThrowingBodyKeepsNothingABookingIncluded() throws { try contract.aThrowingBodyKeepsNothingABookingIncluded() }
    func testSendsCountPerPhoneAndPerCustomerWithinTheirWindow() throws {
        try contract.sendsCountPerPhoneAndPerCustomerWithinTheirWindow()
    }
    func testWrongChecksAndCodeLocksArePerCustomer() throws { try contract.wrongChecksAndCodeLocksArePerCustomer() }
    func testSendsOfADemoOriginAreCountedApartFromEveryonesAndUnlockForgetsThem() throws {
        try contract.sendsOfADemoOriginAreCountedApartFromEveryonesAndUnlockForgetsThem()
    }
    func testHoldersAreCountedOnceReleasedOneByOneAndGoWhenTheRequestEnds() throws {
        try contract.holdersAreCountedOnceReleasedOneByOneAndGoWhenTheRequestEnds()
    }
}

final class SQLiteSecondFactorStoreContractTests: XCTestCase {
    let contract = SecondFactorStoreContract(make: SQLiteContractBackend.make)
    func testTheBanksIDIsMadeOnceAndKept() throws { try contract.theBanksIDIsMadeOnceAndKept() }
    func testAnAuthenticatorIsKeptReplacedAndDeletedAndAThrowingBodyKeepsNothing() throws {
        try contract.anAuthenticatorIsKeptReplacedAndDeletedAndAThrowingBodyKeepsNothing()
    }
    func testAnUnsealedSecretOrAnUnhashedRecoveryCodeIsRefused() throws {
        try contract.anUnsealedSecretOrAnUnhashedRecoveryCodeIsRefused()
    }
    func testARecoveryCodeIsUsedOnceAndANewSetReplacesTheOld() throws {
        try contract.aRecoveryCodeIsUsedOnceAndANewSetReplacesTheOld()
    }
    func testATrustedDeviceIsFoundByItsDigestRevokedAndListedNewestFirst() throws {
        try contract.aTrustedDeviceIsFoundByItsDigestRevokedAndListedNewestFirst()
    }
    func testANumberBelongsToOneCustomerAtATime() throws { try contract.aNumberBelongsToOneCustomerAtATime() }
    func testADemoOriginsRunOfWrongCodesIsKeptApartAndUnlockClearsIt() throws {
        try contract.aDemoOriginsRunOfWrongCodesIsKeptApartAndUnlockClearsIt()
    }
}

final class SQLiteKnownSignInStoreContractTests: XCTestCase {
    let contract = KnownSignInStoreContract(make: SQLiteContractBackend.make)
    func testARecordAnswersForItsIdentityDeviceAndUsernameOnly() throws {
        try contract.aRecordAnswersForItsIdentityDeviceAndUsernameOnly()
    }
    func testRecordingAgainRefreshesTheOneRecord() throws { try contract.recordingAgainRefreshesTheOneRecord() }
}

final class SQLitePhoneInboxStoreContractTests: XCTestCase {
    let contract = PhoneInboxStoreContract(make: SQLiteContractBackend.make)
    func testMessagesComeBackPerPhoneOldestFirstAfterAnID() throws {
        try contract.messagesComeBackPerPhoneOldestFirstAfterAnID()
    }
    func testTheSimulatedPhoneDeliversIntoTheInboxAtTheClocksTime() throws {
        try contract.theSimulatedPhoneDeliversIntoTheInboxAtTheClocksTime()
    }
    func testAPhoneWithFifteenHundredMessagesShowsItsNewest() throws {
        try contract.aPhoneWithFifteenHundredMessagesShowsItsNewest()
    }
    func testABankResetEmptiesEveryPhone() throws { try contract.aBankResetEmptiesEveryPhone() }
    func testTheNewestMessageBeforeATimeIsThePhonesOwn() throws { try contract.theNewestMessageBeforeATimeIsThePhonesOwn() }
}

final class SQLiteGuestStoreContractTests: XCTestCase {
    let contract = GuestStoreContract(make: SQLiteContractBackend.make)
    func testAGuestIsACustomerWithAGuestRowAndItsOpeningBalances() throws {
        try contract.aGuestIsACustomerWithAGuestRowAndItsOpeningBalances()
    }
    func testATakenNameOrNumberIsRefusedAndNothingIsMade() throws { try contract.aTakenNameOrNumberIsRefusedAndNothingIsMade() }
    func testAnAddressMakesAtMostItsLimitInTheWindow() throws { try contract.anAddressMakesAtMostItsLimitInTheWindow() }
    func testExpiredGuestsAreFoundAndRemovalSweepsTheirMoneyBackOnce() throws {
        try contract.expiredGuestsAreFoundAndRemovalSweepsTheirMoneyBackOnce()
    }
}

final class SQLiteOperatorStoreContractTests: XCTestCase {
    let contract = OperatorStoreContract(make: SQLiteContractBackend.make)
    func testTheChangeStampMovesWithACommitAndNotWithAReadOrARest() throws {
        try contract.theChangeStampMovesWithACommitAndNotWithAReadOrARest()
    }
    func testTheAuditTrailIsReadOldestFirstPageByPage() throws { try contract.theAuditTrailIsReadOldestFirstPageByPage() }
    func testTheLastSignInOnADeviceIsItsNewestSession() throws { try contract.theLastSignInOnADeviceIsItsNewestSession() }
    func testTheLastPasswordAcceptedOnADeviceIsFoundBeforeAnySession() throws {
        try contract.theLastPasswordAcceptedOnADeviceIsFoundBeforeAnySession()
    }
}

final class SQLiteStatementHistoryContractTests: XCTestCase {
    let contract = StatementHistoryContract(make: SQLiteContractBackend.make)
    func testPagesWalkTheWholeHistoryNewestFirstAndOldestFirstWithTheSameBalances() throws {
        try contract.pagesWalkTheWholeHistoryNewestFirstAndOldestFirstWithTheSameBalances()
    }
    func testAnotherCustomersPostingsNeverShow() throws { try contract.anotherCustomersPostingsNeverShow() }
    func testManyBookingsAtOnceAreAllBookedOrNoneAtTheirOwnTimes() throws {
        try contract.manyBookingsAtOnceAreAllBookedOrNoneAtTheirOwnTimes()
    }
    func testAnAccountFilterAndDatesKeepOnlyTheirPostings() throws { try contract.anAccountFilterAndDatesKeepOnlyTheirPostings() }
    func testASearchFindsATransferItsReversalAndLinesByDescription() throws {
        try contract.aSearchFindsATransferItsReversalAndLinesByDescription()
    }
    func testTheBalanceHistoryCountsMoneyInAndOutPerDayAndEndsOnTodaysBalance() throws {
        try contract.theBalanceHistoryCountsMoneyInAndOutPerDayAndEndsOnTodaysBalance()
    }
}

final class SQLiteStoryStoreContractTests: XCTestCase {
    func testTheFactsAreTheCustomersOwnFromSinceOn() throws {
        try StoryStoreContract(make: SQLiteContractBackend.make).theFactsAreTheCustomersOwnFromSinceOn()
    }
}
