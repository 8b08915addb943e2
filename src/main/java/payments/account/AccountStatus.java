package payments.account;

import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.StatusMachine;

import java.util.List;

/**
 * The internal account status machine (pure): opened PENDING (activation scheduled) or ACTIVE,
 * provisioned ACTIVE or FAILED; the platform moves ACTIVE and FROZEN between each other and to
 * CLOSED while empty; a deleted holder's accounts close.
 */
final class AccountStatus {

    /** The event of the moves the platform asks for with PATCH /internal-accounts/{id}. */
    private static final String REQUESTED = "requested by the platform";

    private static final StatusMachine<InternalAccount> MACHINE = StatusMachine.<InternalAccount>of("Internal account",
                    a -> a.id, a -> a.status, (a, status) -> a.status = status)
            .move(StatusMachine.NEW, "opened, its activation scheduled", InternalAccount.PENDING)
            .move(StatusMachine.NEW, "opened active (the platform's own)", InternalAccount.ACTIVE)
            .move(InternalAccount.PENDING, "provisioned", InternalAccount.ACTIVE)
            .move(InternalAccount.PENDING, "provisioning failed", InternalAccount.FAILED)
            .move(InternalAccount.ACTIVE, REQUESTED, InternalAccount.FROZEN)
            .move(InternalAccount.FROZEN, REQUESTED, InternalAccount.ACTIVE)
            .guarded(InternalAccount.ACTIVE, REQUESTED, InternalAccount.CLOSED, AccountStatus::empty, AccountStatus::holdsMoney)
            .guarded(InternalAccount.FROZEN, REQUESTED, InternalAccount.CLOSED, AccountStatus::empty, AccountStatus::holdsMoney)
            // The holder's deletion checks every account for money first, naming all that hold some.
            .moveEach(List.of(InternalAccount.PENDING, InternalAccount.ACTIVE, InternalAccount.FROZEN), "its holder was deleted",
                    InternalAccount.CLOSED)
            .refusing((account, from, to) -> new ApiException(ErrorCode.INVALID_STATE_TRANSITION, "An internal account cannot go from "
                    + from + " to " + to + "; allowed: ACTIVE <-> FROZEN, ACTIVE or FROZEN -> CLOSED"))
            .build();

    private AccountStatus() {
    }

    /** A new account's first status. */
    static void open(InternalAccount account, String status) {
        MACHINE.move(account, status);
    }

    /** The activation job's outcome. */
    static void provisioned(InternalAccount account, boolean failed) {
        MACHINE.move(account, failed ? InternalAccount.FAILED : InternalAccount.ACTIVE);
    }

    /** 409 unless the move is ACTIVE⇄FROZEN or ACTIVE/FROZEN→CLOSED, and a closing account is empty; then moves it. */
    static void request(InternalAccount account, String next) {
        MACHINE.request(account, account.status, REQUESTED, next);
    }

    /** Closes an account of a deleted holder. */
    static void holderDeleted(InternalAccount account) {
        MACHINE.move(account, InternalAccount.CLOSED);
    }

    private static boolean empty(InternalAccount account) {
        return account.totalBalance == 0 && account.availableBalance == 0;
    }

    private static RuntimeException holdsMoney(InternalAccount account) {
        return new ApiException(ErrorCode.CONFLICT, "The account still holds money; move its balance out before closing it");
    }
}
