package payments.invitation;

import payments.common.ApiException;
import payments.common.ErrorCode;

import java.time.Instant;
import java.util.Map;
import java.util.Set;

/**
 * The invitation status machine (pure): a PENDING invitation is claimed once or cancelled once;
 * past its expiry it is EXPIRED, which nothing leaves. Expiry is read from the clock rather than
 * written by a job, so an invitation is never claimable a moment after it expired.
 */
public final class InvitationStatus {

    private static final Map<String, Set<String>> MOVES = Map.of(
            Invitation.PENDING, Set.of(Invitation.CLAIMED, Invitation.CANCELLED));

    /** Why an invitation in each status cannot move, as the wire says it. */
    private static final Map<String, ErrorCode> REFUSALS = Map.of(
            Invitation.CLAIMED, ErrorCode.INVITATION_ALREADY_CLAIMED,
            Invitation.CANCELLED, ErrorCode.INVITATION_CANCELLED,
            Invitation.EXPIRED, ErrorCode.INVITATION_EXPIRED);

    private InvitationStatus() {
    }

    /** The status as of {@code now}: a pending invitation whose expiry has come is EXPIRED. */
    public static String current(Invitation invitation, Instant now) {
        boolean lapsed = invitation.expiresAt != null && !now.isBefore(invitation.expiresAt);
        return Invitation.PENDING.equals(invitation.status) && lapsed ? Invitation.EXPIRED : invitation.status;
    }

    /** Moves the invitation as of {@code now}, or refuses with the 400 its current status calls for. */
    public static void move(Invitation invitation, String to, Instant now) {
        String from = current(invitation, now);
        if (!MOVES.getOrDefault(from, Set.of()).contains(to)) {
            ErrorCode refusal = REFUSALS.get(from);
            throw new ApiException(refusal, "The invitation " + invitation.code + " is " + from + " and cannot become " + to);
        }
        invitation.status = to;
        invitation.updatedAt = now;
    }
}
