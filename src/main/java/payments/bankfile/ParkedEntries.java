package payments.bankfile;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import payments.account.InternalAccount;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonBodies;
import payments.common.Page;
import payments.common.PageRequest;
import payments.common.QueryFilters;
import payments.common.RequestValidator;
import payments.common.ServerClock;
import payments.common.security.Caller;
import payments.customer.Customer;
import payments.ledger.Journal;
import payments.ledger.Journal.SystemAccount;
import payments.ledger.Ledger;
import payments.transaction.Deposits;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * What the bank rails parked for a person (bank_unmatched), and what an operator decides about
 * each, once: a credit in SUSPENSE is ASSIGNED to the internal account it was meant for (a deposit,
 * with its webhook) or RETURNED to its sender (booked out to the bank, the operator having sent it
 * back); money in or out of SUSPENSE is WRITTEN_OFF to the service's own account; an entry that
 * moved no money is CLOSED. Each decision keeps who, when and why; a second one is 409.
 */
@ApplicationScoped
public class ParkedEntries {


    /** What an operator decides, and the resolution it leaves on the entry. */
    public enum Action {
        ASSIGN("ASSIGNED"), RETURN("RETURNED"), WRITE_OFF("WRITTEN_OFF"), CLOSE("CLOSED");

        final String resolution;

        Action(String resolution) {
            this.resolution = resolution;
        }
    }

    /** A parked entry: what the bank said, why it was parked, the money it left in SUSPENSE, and its resolution once decided. */
    public record ParkedEntryResponse(String id, String kind, String detail, String endToEndId, Long amount, String currency,
                                      String account, String remittance, String bankReference, Long suspenseAmount, Instant createdAt,
                                      String resolution, String resolutionAccountId, String resolutionTransactionId, String reason,
                                      String resolvedBy, Instant resolvedAt) {
        static ParkedEntryResponse of(BankUnmatched entry) {
            return new ParkedEntryResponse(IdType.PARKED_BANK_ENTRY.wireId(entry.id), entry.kind, entry.detail, entry.endToEndId,
                    entry.amount, entry.currency, entry.account, entry.remittance, entry.bankReference, entry.suspenseAmount,
                    entry.createdAt, entry.resolution,
                    entry.resolutionAccountId == null ? null : IdType.INTERNAL_ACCOUNT.wireId(entry.resolutionAccountId),
                    entry.resolutionTransactionId == null ? null : IdType.TRANSACTION.wireId(entry.resolutionTransactionId),
                    entry.reason, entry.resolvedBy, entry.resolvedAt);
        }
    }

    /** POST /bank-entries/parked/{entryId}/resolve. */
    public record ParkedEntryResolveRequest(
            @NotNull Action action,
            /** ASSIGN only: the internal account the credit was meant for. */
            String accountId,
            @NotBlank @Size(max = 1024) @Pattern(regexp = FieldError.ONE_LINE, message = "Must not contain control characters")
            String reason) {
    }

    /** SUSPENSE in one currency: its ledger balance, and the parked entries not decided yet with the money they hold there. */
    public record SuspenseBalance(String currency, long balance, long openEntries, long openAmount) {
    }

    public record SuspenseView(List<SuspenseBalance> currencies) {
    }

    private final RequestValidator validator;
    private final ServerClock clock;
    private final Ledger ledger;
    private final Deposits deposits;
    private final Pool pool;

    public ParkedEntries(RequestValidator validator, ServerClock clock, Ledger ledger, Deposits deposits, Pool pool) {
        this.validator = validator;
        this.clock = clock;
        this.ledger = ledger;
        this.deposits = deposits;
        this.pool = pool;
    }

    /**
     * GET /bank-entries/suspense: per currency, SUSPENSE's balance and the open entries behind it
     * (a balance the open entries do not explain was put there by something else: a failed refund).
     */
    public Uni<SuspenseView> suspense() {
        return pool.query("SELECT currency, sum(amount) FROM ledger_entries WHERE system_account = 'SUSPENSE' GROUP BY currency").execute()
                .flatMap(balances -> pool.query("SELECT currency, count(*), coalesce(sum(suspense_amount), 0) FROM bank_unmatched"
                        + " WHERE resolved_at IS NULL AND currency IS NOT NULL GROUP BY currency").execute().map(parked -> {
                    java.util.Map<String, long[]> byCurrency = new java.util.TreeMap<>();
                    balances.forEach(row -> byCurrency.computeIfAbsent(row.getString(0), c -> new long[3])[0] = row.getLong(1));
                    parked.forEach(row -> {
                        long[] values = byCurrency.computeIfAbsent(row.getString(0), c -> new long[3]);
                        values[1] = row.getLong(1);
                        values[2] = row.getLong(2);
                    });
                    return new SuspenseView(byCurrency.entrySet().stream()
                            .map(e -> new SuspenseBalance(e.getKey(), e.getValue()[0], e.getValue()[1], e.getValue()[2])).toList());
                }));
    }


    /** GET /bank-entries/parked: newest first; {@code status} OPEN (not decided yet) or RESOLVED. */
    @WithSession
    public Uni<Page<ParkedEntryResponse>> list(String status, String limit, String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        if (status != null && !List.of("OPEN", "RESOLVED").contains(status)) {
            throw ApiException.invalidField("status", FieldError.Constraint.oneOf(List.of("OPEN", "RESOLVED")), "Must be OPEN or RESOLVED");
        }
        QueryFilters filters = new QueryFilters().page("id", page);
        if (status != null) {
            filters.where("OPEN".equals(status) ? "resolvedAt is null" : "resolvedAt is not null");
        }
        return Page.fetch(BankUnmatched.<BankUnmatched>find(filters.clause(), Sort.descending("id"), filters.params()),
                () -> BankUnmatched.count(filters.countClause(), filters.countParams()), page, entry -> entry.id.toString(),
                ParkedEntryResponse::of);
    }

    /** POST /bank-entries/parked/{entryId}/resolve: 404 for no such entry, 409 once decided, 400 for an action that does not fit it. */
    @WithTransaction
    public Uni<ParkedEntryResponse> resolve(String entryId, JsonBodies.Bound<ParkedEntryResolveRequest> body, Caller caller) {
        ParkedEntryResolveRequest request = validator.validate(body, accountRule(body.value()));
        return Ids.<BankUnmatched>find(IdType.PARKED_BANK_ENTRY, entryId, ErrorCode.NOT_FOUND, "Parked bank entry",
                        id -> BankUnmatched.findById(id, LockModeType.PESSIMISTIC_WRITE))
                .flatMap(entry -> {
                    if (entry.resolvedAt != null) {
                        throw new ApiException(ErrorCode.CONFLICT, "Parked bank entry " + entryId + " was " + entry.resolution
                                + " at " + entry.resolvedAt + " by " + entry.resolvedBy);
                    }
                    return apply(entry, request).invoke(() -> {
                        entry.resolution = request.action().resolution;
                        entry.reason = request.reason().strip();
                        entry.resolvedBy = caller.scope();
                        entry.resolvedAt = clock.now();
                    }).map(ignored -> ParkedEntryResponse.of(entry));
                });
    }

    private static List<FieldError> accountRule(ParkedEntryResolveRequest request) {
        List<FieldError> errors = new ArrayList<>();
        if (request != null && request.action() == Action.ASSIGN && request.accountId() == null) {
            errors.add(FieldError.of("accountId", "Is required to ASSIGN: the internal account the credit was meant for"));
        } else if (request != null && request.action() != Action.ASSIGN && request.accountId() != null) {
            errors.add(FieldError.of("accountId", "Only ASSIGN takes an account"));
        }
        return errors;
    }

    private Uni<Void> apply(BankUnmatched entry, ParkedEntryResolveRequest request) {
        long suspense = entry.suspenseAmount == null ? 0 : entry.suspenseAmount;
        return switch (request.action()) {
            case ASSIGN -> {
                requireAction(suspense > 0, "ASSIGN places a credit held in SUSPENSE; this entry holds " + held(entry));
                yield assign(entry, request.accountId(), request.reason());
            }
            case RETURN -> {
                requireAction(suspense > 0, "RETURN sends back a credit held in SUSPENSE; this entry holds " + held(entry));
                yield ledger.post(Journal.of("BANK_RETURNED", entry.id).system(SystemAccount.SUSPENSE, entry.currency, -suspense)
                        .system(SystemAccount.RAIL, entry.currency, suspense)).replaceWithVoid();
            }
            case WRITE_OFF -> {
                requireAction(suspense != 0, "WRITE_OFF clears money in or out of SUSPENSE; this entry holds none: CLOSE it");
                yield ledger.post(Journal.of("BANK_WRITE_OFF", entry.id).system(SystemAccount.SUSPENSE, entry.currency, -suspense)
                        .system(SystemAccount.SERVICE_FEES, entry.currency, suspense)).replaceWithVoid();
            }
            case CLOSE -> {
                requireAction(suspense == 0, "This entry holds " + held(entry) + ": ASSIGN, RETURN or WRITE_OFF it");
                yield Uni.createFrom().voidItem();
            }
        };
    }

    /** The credit as a deposit of the account it was meant for, out of SUSPENSE. */
    private Uni<Void> assign(BankUnmatched entry, String accountId, String reason) {
        if (!Ids.isValid(IdType.INTERNAL_ACCOUNT, accountId)) {
            throw ApiException.invalidField("accountId", FieldError.Constraint.idOf(IdType.INTERNAL_ACCOUNT), "Must be an InternalAccount id");
        }
        UUID id = Ids.uuidOf(IdType.INTERNAL_ACCOUNT, accountId, ErrorCode.INTERNAL_ACCOUNT_NOT_FOUND);
        return InternalAccount.<InternalAccount>findById(id).flatMap(account -> {
            if (account == null || !account.canTransact() || !account.currency.equals(entry.currency)) {
                throw ApiException.invalidField("accountId", null, "Must be an ACTIVE internal account in " + entry.currency);
            }
            Uni<Customer> holder = account.customerId == null ? Uni.createFrom().nullItem() : Customer.findById(account.customerId);
            return holder.flatMap(customer -> deposits.credit(new Deposits.Deposit(account, customer == null ? null : customer.platformCustomerId,
                    entry.suspenseAmount, SystemAccount.SUSPENSE, "REALTIME_FUNDING", "Bank transfer", "Bank transfer placed by an operator",
                    entry.bankReference)))
                    .invoke(deposit -> {
                        entry.resolutionAccountId = account.id;
                        entry.resolutionTransactionId = deposit.id;
                    }).replaceWithVoid();
        });
    }

    private static String held(BankUnmatched entry) {
        long suspense = entry.suspenseAmount == null ? 0 : entry.suspenseAmount;
        return suspense == 0 ? "no money" : suspense > 0 ? suspense + " " + entry.currency + " in SUSPENSE"
                : -suspense + " " + entry.currency + " taken out of SUSPENSE";
    }

    private static void requireAction(boolean fits, String message) {
        if (!fits) {
            throw ApiException.invalidField("action", null, message);
        }
    }
}
