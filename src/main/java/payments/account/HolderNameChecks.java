package payments.account;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.persistence.LockModeType;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonBodies;
import payments.common.JsonText;
import payments.common.RequestValidator;
import payments.common.ServerClock;
import payments.common.SqlStatement;
import payments.common.security.Caller;

import java.time.Instant;

/**
 * The compliance staff's check of an external bank account's holder name, for a rail that checks
 * none itself (production's ACH: the payee's bank posts by account number). The staff compare the
 * name with what the holder proved out of band (a bank letter, a statement) and record the result,
 * with why; the account's {@code beneficiaryVerificationStatus} becomes it, so a pull from the
 * account is allowed on MATCHED or PARTIAL_MATCH as the sandbox's name check allows it. Every check
 * is kept (holder_name_checks).
 */
@jakarta.enterprise.context.ApplicationScoped
public class HolderNameChecks {

    public enum Result { MATCHED, PARTIAL_MATCH, NOT_MATCHED }

    /** POST /compliance/external-accounts/{externalAccountId}/holder-name-check. */
    public record HolderNameCheckRequest(
            @NotNull Result result,
            @NotBlank @Size(max = 1024) @Pattern(regexp = FieldError.ONE_LINE, message = "Must not contain control characters")
            String reason) {
    }

    public record HolderNameCheckResponse(String externalAccountId, String beneficiaryVerificationStatus, String beneficiaryVerifiedName,
                                          String reason, String decidedBy, Instant decidedAt) {
    }

    private final RequestValidator validator;
    private final ServerClock clock;
    private final JsonText json;

    public HolderNameChecks(RequestValidator validator, ServerClock clock, JsonText json) {
        this.validator = validator;
        this.clock = clock;
        this.json = json;
    }

    @WithTransaction
    public Uni<HolderNameCheckResponse> record(String externalAccountId, JsonBodies.Bound<HolderNameCheckRequest> body, Caller caller) {
        HolderNameCheckRequest request = validator.validate(body, java.util.List.of());
        return Ids.<ExternalAccount>find(IdType.EXTERNAL_ACCOUNT, externalAccountId, ErrorCode.EXTERNAL_ACCOUNT_NOT_FOUND,
                        "External account", id -> ExternalAccount.findById(id, LockModeType.PESSIMISTIC_WRITE))
                .flatMap(account -> {
                    if (account.deletedAt != null) {
                        throw new payments.common.ApiException(ErrorCode.EXTERNAL_ACCOUNT_NOT_FOUND, "External account " + externalAccountId
                                + " was deleted");
                    }
                    JsonNode beneficiary = json.read(account.accountInfo).path("beneficiary");
                    if (beneficiary.isMissingNode()) {
                        throw payments.common.ApiException.invalidField("externalAccountId", null,
                                "Only a bank account names a beneficiary whose name can be checked");
                    }
                    String name = beneficiary.hasNonNull("fullName") ? beneficiary.get("fullName").asText()
                            : beneficiary.path("legalName").asText(null);
                    Instant now = clock.now();
                    account.beneficiaryVerificationStatus = request.result().name();
                    account.beneficiaryVerifiedName = request.result() == Result.NOT_MATCHED ? null : name;
                    account.updatedAt = now;
                    String reason = request.reason().strip();
                    return SqlStatement.of("""
                                    INSERT INTO holder_name_checks (id, external_account_id, result, verified_name, reason, actor, created_at)
                                    VALUES ($1, $2, $3, $4, $5, $6, $7)""", Ids.newUuid(), account.id, request.result().name(),
                                    account.beneficiaryVerifiedName, reason, caller.scope(), now).updateInSession()
                            .replaceWith(new HolderNameCheckResponse(account.wireId(), account.beneficiaryVerificationStatus,
                                    account.beneficiaryVerifiedName, reason, caller.scope(), now));
                });
    }
}
