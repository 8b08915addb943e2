package payments.invitation;

import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.StatusMachine;

import java.time.Instant;
import java.util.Map;

/**
 * The invitation status machine (pure): a PENDING invitation is claimed once or cancelled once;
 * past its expiry it is EXPIRED, which nothing leaves. Expiry is read from the clock rather than
 * written by a job, so an invitation is never claimable a moment after it expired.
 */
public final class InvitationStatus {

    private static final StatusMachine<Invitation> MACHINE = StatusMachine.<Invitation>of("Invitation", i -> i.code, i -> i.status,
                    (i, status) -> i.status = status)
            .move(StatusMachine.NEW, "created", Invitation.PENDING)
            .move(Invitation.PENDING, "claimed by its invitee", Invitation.CLAIMED)
            .move(Invitation.PENDING, "cancelled by its inviter", Invitation.CANCELLED)
            .refusing(InvitationStatus::refusal)
            .build();

    /** Why an invitation in each status cannot move, as the wire says it. */
    private static final Map<String, ErrorCode> REFUSALS = Map.of(
            Invitation.CLAIMED, ErrorCode.INVITATION_ALREADY_CLAIMED,
            Invitation.CANCELLED, ErrorCode.INVITATION_CANCELLED);

    /**
     * The reference's 400 list has a code for a claimed and a cancelled invitation but none for an
     * expired one: that is INVALID_INPUT on the invitation's code (docs/decisions.md).
     */
    private static ApiException refusal(Invitation invitation, String from, String to) {
        String reason = "The invitation " + invitation.code + " is " + from + " and cannot become " + to;
        return Invitation.EXPIRED.equals(from) ? ApiException.invalidField("invitationCode", null, reason)
                : new ApiException(REFUSALS.get(from), reason);
    }

    private InvitationStatus() {
    }

    /** A new invitation's first status. */
    static void open(Invitation invitation) {
        MACHINE.move(invitation, Invitation.PENDING);
    }

    /** The status as of {@code now}: a pending invitation whose expiry has come is EXPIRED. */
    public static String current(Invitation invitation, Instant now) {
        boolean lapsed = invitation.expiresAt != null && !now.isBefore(invitation.expiresAt);
        return Invitation.PENDING.equals(invitation.status) && lapsed ? Invitation.EXPIRED : invitation.status;
    }

    /** Moves the invitation as of {@code now}, or refuses with the 400 its current status calls for. */
    public static void move(Invitation invitation, String to, Instant now) {
        MACHINE.request(invitation, current(invitation, now), null, to);
        invitation.updatedAt = now;
    }
}
