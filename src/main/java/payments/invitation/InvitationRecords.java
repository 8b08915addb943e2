package payments.invitation;

import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import payments.common.Money;

/** Wire shapes of UMA invitations. */
public final class InvitationRecords {

    private InvitationRecords() {
    }

    /** `amountToSend` is in the minor units of the inviter's own currency. */
    public record UmaInvitationCreateRequest(
            @NotBlank @Size(max = 255) String inviterUma,
            @Size(max = 255) String firstName,
            @Positive Long amountToSend,
            String expiresAt) {
    }

    public record UmaInvitationClaimRequest(@NotBlank @Size(max = 255) String inviteeUma) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record UmaInvitation(String code, String createdAt, String claimedAt, String url, String expiresAt,
                                String inviterUma, String inviteeUma, String status, String firstName, Money amountToSend) {
    }
}
