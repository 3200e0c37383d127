import XCTest

// Every store protocol's contract, run on PostgreSQL: the classes of
// SQLiteContractTests.swift with `PostgresContractBackend.make` as the factory
// (ContractTwinTests fails when one of them has no twin here).

final class PostgresDeviceStoreContractTests: XCTestCase {
    let contract = DeviceStoreContract(make: PostgresContractBackend.make)
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

final class PostgresSessionStoreContractTests: XCTestCase {
    let contract = SessionStoreContract(make: PostgresContractBackend.make)
    func testASessionReadsBackAsItWasInserted() throws { try contract.aSessionReadsBackAsItWasInserted() }
    func testAChangeIsKeptAndAThrowingChangeKeepsNothing() throws { try contract.aChangeIsKeptAndAThrowingChangeKeepsNothing() }
    func testAnUnknownSessionIsNilInsideAChange() throws { try contract.anUnknownSessionIsNilInsideAChange() }
    func testRecentSignInsSayWhichUsedAnSMSCodeAndWhichATrustedDevice() throws {
        try contract.recentSignInsSayWhichUsedAnSMSCodeAndWhichATrustedDevice()
    }
}

final class PostgresVerificationStoreContractTests: XCTestCase {
    let contract = VerificationStoreContract(make: PostgresContractBackend.make)
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

final class PostgresSecondFactorStoreContractTests: XCTestCase {
    let contract = SecondFactorStoreContract(make: PostgresContractBackend.make)
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

final class PostgresKnownSignInStoreContractTests: XCTestCase {
    let contract = KnownSignInStoreContract(make: PostgresContractBackend.make)
    func testARecordAnswersForItsIdentityDeviceAndUsernameOnly() throws {
        try contract.aRecordAnswersForItsIdentityDeviceAndUsernameOnly()
    }
    func testRecordingAgainRefreshesTheOneRecord() throws { try contract.recordingAgainRefreshesTheOneRecord() }
}

final class PostgresPhoneInboxStoreContractTests: XCTestCase {
    let contract = PhoneInboxStoreContract(make: PostgresContractBackend.make)
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

final class PostgresGuestStoreContractTests: XCTestCase {
    let contract = GuestStoreContract(make: PostgresContractBackend.make)
    func testAGuestIsACustomerWithAGuestRowAndItsOpeningBalances() throws {
        try contract.aGuestIsACustomerWithAGuestRowAndItsOpeningBalances()
    }
    func testATakenNameOrNumberIsRefusedAndNothingIsMade() throws { try contract.aTakenNameOrNumberIsRefusedAndNothingIsMade() }
    func testAnAddressMakesAtMostItsLimitInTheWindow() throws { try contract.anAddressMakesAtMostItsLimitInTheWindow() }
    func testExpiredGuestsAreFoundAndRemovalSweepsTheirMoneyBackOnce() throws {
        try contract.expiredGuestsAreFoundAndRemovalSweepsTheirMoneyBackOnce()
    }
}

final class PostgresOperatorStoreContractTests: XCTestCase {
    let contract = OperatorStoreContract(make: PostgresContractBackend.make)
    func testTheChangeStampMovesWithACommitAndNotWithAReadOrARest() throws {
        try contract.theChangeStampMovesWithACommitAndNotWithAReadOrARest()
    }
    func testTheAuditTrailIsReadOldestFirstPageByPage() throws { try contract.theAuditTrailIsReadOldestFirstPageByPage() }
    func testTheLastSignInOnADeviceIsItsNewestSession() throws { try contract.theLastSignInOnADeviceIsItsNewestSession() }
    func testTheLastPasswordAcceptedOnADeviceIsFoundBeforeAnySession() throws {
        try contract.theLastPasswordAcceptedOnADeviceIsFoundBeforeAnySession()
    }
}

final class PostgresStatementHistoryContractTests: XCTestCase {
    let contract = StatementHistoryContract(make: PostgresContractBackend.make)
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

final class PostgresStoryStoreContractTests: XCTestCase {
    func testTheFactsAreTheCustomersOwnFromSinceOn() throws {
        try StoryStoreContract(make: PostgresContractBackend.make).theFactsAreTheCustomersOwnFromSinceOn()
    }
}
