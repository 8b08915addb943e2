package payments.account;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import payments.account.ExternalAccountService.Owner;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.FieldRules;
import payments.common.Ids;
import payments.common.JsonBodies;
import payments.common.RequestValidator;
import payments.common.ServerClock;
import payments.common.schema.SchemaValidator;
import payments.common.security.Caller;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * The SEPA direct debit mandates the platform holds for its customers' EUR bank accounts: this
 * server's own extension of the external account (the interface has no place for a mandate). A
 * mandate in force is what lets a quote pull from the account (a SEPA Core collection, pain.008);
 * recording one again replaces it, revoking ends it; both are kept.
 */
@ApplicationScoped
public class DirectDebitMandates {

    /** SEPA's identifier characters (its restricted Latin set, no space), at most 35; no "/" first, last or twice in a row. */
    static final String MANDATE_ID = "(?!/)(?!.*//)(?!.*/$)[A-Za-z0-9+?/:().,'-]{1,35}";

    /** PUT /customers/external-accounts/{externalAccountId}/direct-debit-mandate. */
    public record MandateRequest(
            @NotBlank @Pattern(regexp = MANDATE_ID, message = "Must be 1 to 35 of A-Z a-z 0-9 + ? / : ( ) . , ' - (no / first, last or doubled)")
            String mandateId,
            @NotNull String signedOn) {
    }

    /** {@code nextSequenceType}: FRST until a collection under the mandate was sent, then RCUR. */
    public record MandateResponse(String externalAccountId, String mandateId, String signedOn, String nextSequenceType,
                                  String lastCollectedOn, String recordedBy, Instant recordedAt) {
    }

    private final ExternalAccountService accounts;
    private final RequestValidator validator;
    private final ServerClock clock;

    public DirectDebitMandates(ExternalAccountService accounts, RequestValidator validator, ServerClock clock) {
        this.accounts = accounts;
        this.validator = validator;
        this.clock = clock;
    }

    @WithTransaction
    public Uni<MandateResponse> record(String externalAccountId, JsonBodies.Bound<MandateRequest> body, Caller caller) {
        MandateRequest request = validator.validate(body, dateErrors(body.value()));
        LocalDate signedOn = LocalDate.parse(request.signedOn());
        return collectable(externalAccountId).flatMap(account -> DirectDebitMandate.inForce(account.id).flatMap(current -> {
            Instant now = clock.now();
            DirectDebitMandate mandate = new DirectDebitMandate();
            mandate.id = Ids.newUuid();
            mandate.externalAccountId = account.id;
            mandate.mandateId = request.mandateId();
            mandate.signedOn = signedOn;
            mandate.recordedBy = caller.scope();
            mandate.recordedAt = now;
            Uni<Void> ended = Uni.createFrom().voidItem();
            if (current != null) {
                // The same mandate amended (a corrected signature date) keeps its collections: the next is still RCUR.
                mandate.lastCollectedOn = current.mandateId.equals(mandate.mandateId) ? current.lastCollectedOn : null;
                ended = end(current, caller, now);
            }
            return ended.flatMap(ignored -> DirectDebitMandate.count("mandateId = ?1 and endedAt is null", mandate.mandateId))
                    .flatMap(taken -> {
                        if (taken > 0) {
                            throw new ApiException(ErrorCode.CONFLICT, "Mandate " + mandate.mandateId
                                    + " is in force on another external account; a mandate reference is unique");
                        }
                        return mandate.persist().call(() -> Panache.getSession().flatMap(session -> session.flush()));
                    })
                    // Two recordings at once: the indexes let one mandate in force per account and reference.
                    .onFailure(failure -> payments.common.UniqueViolation.constraintOf(failure).isPresent())
                    .transform(failure -> new ApiException(ErrorCode.CONFLICT, "Another mandate was recorded for this account or reference"
                            + " at the same moment; read it and try again"))
                    .map(ignored -> toWire(account, mandate));
        }));
    }

    @WithSession
    public Uni<MandateResponse> get(String externalAccountId) {
        return accounts.find(Owner.anyCustomer(), externalAccountId).flatMap(account -> DirectDebitMandate.inForce(account.id)
                .map(mandate -> toWire(account, requireMandate(mandate, externalAccountId))));
    }

    @WithTransaction
    public Uni<Void> revoke(String externalAccountId, Caller caller) {
        return accounts.find(Owner.anyCustomer(), externalAccountId).flatMap(account -> DirectDebitMandate.inForce(account.id)
                .flatMap(mandate -> end(requireMandate(mandate, externalAccountId), caller, clock.now())));
    }

    /** A customer's EUR bank account (an IBAN): the only kind SEPA collects from. */
    private Uni<ExternalAccount> collectable(String externalAccountId) {
        return accounts.find(Owner.anyCustomer(), externalAccountId).map(account -> {
            if (!"EUR_ACCOUNT".equals(AccountInfoRules.canonicalType(account.accountType))) {
                throw ApiException.invalidField("externalAccountId", null,
                        "A SEPA direct debit mandate is for a EUR bank account (an IBAN); this account is " + account.accountType);
            }
            return account;
        });
    }

    private static Uni<Void> end(DirectDebitMandate mandate, Caller caller, Instant now) {
        mandate.endedAt = now;
        mandate.endedBy = caller.scope();
        // Flushed before anything else is written: the index allows one mandate in force per account and reference.
        return Panache.getSession().flatMap(session -> session.flush());
    }

    private static DirectDebitMandate requireMandate(DirectDebitMandate mandate, String externalAccountId) {
        if (mandate == null) {
            throw new ApiException(ErrorCode.NOT_FOUND, "External account " + externalAccountId + " has no direct debit mandate in force");
        }
        return mandate;
    }

    private List<FieldError> dateErrors(MandateRequest request) {
        List<FieldError> errors = new ArrayList<>();
        if (request == null || request.signedOn() == null) {
            return errors;
        }
        if (!SchemaValidator.matchesFormat("date", request.signedOn())) {
            errors.add(new FieldError("signedOn", FieldError.Constraint.format("date"), "Must be a date, YYYY-MM-DD"));
        }
        FieldRules.notInFuture(request.signedOn(), "signedOn", clock.today(), errors);
        return errors;
    }

    private static MandateResponse toWire(ExternalAccount account, DirectDebitMandate mandate) {
        return new MandateResponse(account.wireId(), mandate.mandateId, mandate.signedOn.toString(),
                MandateTerms.sequenceType(mandate.lastCollectedOn != null),
                mandate.lastCollectedOn == null ? null : mandate.lastCollectedOn.toString(), mandate.recordedBy, mandate.recordedAt);
    }
}
