package payments.account;

import payments.common.ApiException;
import payments.common.ErrorCode;

import java.util.Map;
import java.util.Set;

/** The moves an internal account's status may make on the platform's request. */
final class AccountStatus {

    private static final Map<String, Set<String>> MOVES = Map.of(
            InternalAccount.ACTIVE, Set.of(InternalAccount.FROZEN, InternalAccount.CLOSED),
            InternalAccount.FROZEN, Set.of(InternalAccount.ACTIVE, InternalAccount.CLOSED));

    private AccountStatus() {
    }

    /** 409 unless the move is ACTIVE⇄FROZEN or ACTIVE/FROZEN→CLOSED, and a closing account is empty. */
    static void checkMove(InternalAccount account, String next) {
        if (!MOVES.getOrDefault(account.status, Set.of()).contains(next)) {
            throw new ApiException(ErrorCode.INVALID_STATE_TRANSITION, "An internal account cannot go from "
                    + account.status + " to " + next + "; allowed: ACTIVE <-> FROZEN, ACTIVE or FROZEN -> CLOSED");
        }
        if (InternalAccount.CLOSED.equals(next) && (account.totalBalance != 0 || account.availableBalance != 0)) {
            throw new ApiException(ErrorCode.CONFLICT, "The account still holds money; move its balance out before closing it");
        }
    }
}
