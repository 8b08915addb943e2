package payments.bankfile;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import org.jboss.logging.Logger;
import payments.bankfile.BankMessages.StatementEntry;
import payments.bankfile.BankMessages.StatementReported;
import payments.bankfile.StatementMatcher.BankLine;
import payments.bankfile.StatementMatcher.LedgerLine;
import payments.bankfile.StatementMatcher.Line;
import payments.bankfile.StatementMatcher.Status;
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
import payments.common.RequiredReason;
import payments.common.ServerClock;
import payments.common.SqlStatement;
import payments.common.security.Caller;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Reconciles the bank's end-of-day statements (camt.053) with the RAIL ledger account, which
 * mirrors the platform's bank account: each statement entry is matched with the RAIL entries the
 * server booked for the same thing ({@link StatementMatcher}), and the outcome kept as one report
 * per statement, line by line. Nothing is booked from a statement: an entry a camt.054 booked
 * already simply matches. A line that needs a person stays open until an operator explains it, or
 * a later statement matches it (a bank entry notified after the statement was made, a payout the
 * bank books the next day).
 */
@ApplicationScoped
public class Reconciliations {

    private static final Logger LOG = Logger.getLogger(Reconciliations.class);
    /** How far before a statement's end the ledger is searched for entries no statement accounted for yet. */
    static final Duration LOOKBACK = Duration.ofDays(35);
    static final String BY_RECONCILIATION = "reconciliation";
    private static final int MAX_REFERENCES = 2000;

    /** A statement's report as the desk sees it; {@code open} counts its lines that still need a person. */
    public record StatementReportResponse(String id, String statementId, String account, String currency, Instant periodEnd,
                                          Long openingBalance, Long closingBalance, int entries, int matched, int needingAPerson,
                                          long open, Instant createdAt) {
    }

    /** A report line: amounts as the bank sees them (credits positive); {@code matchedOn} the payment, parked entry or batch. */
    public record StatementLineResponse(String id, String statementId, String status, String matchedOn, Long bankAmount,
                                        Long ledgerAmount, String bankReferences, String endToEndId, String batchId,
                                        LocalDate bookingDate, int ledgerEntries, Instant firstBookedAt, String resolution,
                                        String reason, String resolvedBy, Instant resolvedAt) {
        static StatementLineResponse of(StatementLine line) {
            return new StatementLineResponse(IdType.BANK_STATEMENT_LINE.wireId(line.id), IdType.BANK_STATEMENT.wireId(line.statementId),
                    line.status, line.matchedOn, line.bankAmount, line.ledgerAmount, line.bankReferences, line.endToEndId, line.batchId,
                    line.bookingDate, line.ledgerEntries, line.firstBookedAt, line.resolution, line.reason, line.resolvedBy,
                    line.resolvedAt);
        }
    }

    /**
     * What the statements reconciled earlier in the same file did, which this class's reads (on their
     * own connection, outside the file's transaction) cannot see yet: the ledger entries they matched,
     * and the bank lines they left open, for a later statement of the same account (a file with a
     * weekend's statements) to match. One per booking of a file.
     */
    static final class InFile {
        private final java.util.Set<UUID> reconciledEntries = new java.util.HashSet<>();
        private final Map<String, List<BankLine>> openLines = new java.util.HashMap<>();

        private List<BankLine> open(StatementReported statement) {
            return openLines.getOrDefault(key(statement), List.of());
        }

        private void reconciled(StatementReported statement, List<UUID> entries, List<BankLine> leftOpen, List<UUID> matchedLater) {
            reconciledEntries.addAll(entries);
            List<BankLine> open = new ArrayList<>(open(statement));
            open.removeIf(line -> matchedLater.contains(line.carried()));
            open.addAll(leftOpen);
            openLines.put(key(statement), open);
        }

        private static String key(StatementReported statement) {
            return account(statement) + "|" + statement.currency();
        }
    }

    private final Pool pool;
    private final ServerClock clock;
    private final RequestValidator validator;

    public Reconciliations(Pool pool, ServerClock clock, RequestValidator validator) {
        this.pool = pool;
        this.clock = clock;
        this.validator = validator;
    }

    /**
     * Reconciles one statement in the caller's transaction (the one that claimed its file); false
     * when a statement of that id for that account was reconciled before (nothing is done again).
     */
    Uni<Boolean> reconcile(String fileHash, StatementReported statement, InFile inFile) {
        return StatementReport.count("statementId = ?1 and currency = ?2 and coalesce(account, '') = ?3", statement.statementId(),
                        statement.currency(), account(statement))
                .flatMap(seen -> seen > 0 ? Uni.createFrom().item(false)
                        : carried(statement).flatMap(carried -> {
                            List<BankLine> bank = new ArrayList<>();
                            for (StatementEntry entry : statement.entries()) {
                                long amount = entry.entry().debit() ? -entry.entry().amount() : entry.entry().amount();
                                bank.add(new BankLine(List.of(), entry.batchId(), amount, entry.entry().bankReference(),
                                        entry.entry().endToEndId(), entry.bookingDate(), null));
                            }
                            bank.addAll(carried);
                            bank.addAll(inFile.open(statement));
                            return withSubjects(bank).flatMap(named -> ledgerLines(statement).flatMap(ledger -> {
                                List<LedgerLine> unreconciled = ledger.stream()
                                        .filter(line -> !inFile.reconciledEntries.contains(line.entryId())).toList();
                                return store(fileHash, statement, StatementMatcher.match(named, unreconciled, statement.periodEnd()), inFile);
                            }));
                        }).replaceWith(true));
    }

    private static String account(StatementReported statement) {
        return statement.account() == null ? "" : statement.account();
    }

    /** The open BANK_ONLY lines of earlier reports of this account and currency, to be matched again. */
    private Uni<List<BankLine>> carried(StatementReported statement) {
        return SqlStatement.of("""
                        SELECT l.id, l.bank_amount, l.bank_references, l.end_to_end_id, l.batch_id, l.booking_date
                        FROM bank_statement_lines l JOIN bank_statements s ON s.id = l.statement_id
                        WHERE l.status = 'BANK_ONLY' AND l.resolved_at IS NULL AND coalesce(s.account, '') = $1 AND s.currency = $2""",
                        account(statement), statement.currency()).on(pool)
                .map(rows -> {
                    List<BankLine> lines = new ArrayList<>();
                    for (Row row : rows) {
                        lines.add(new BankLine(List.of(), row.getString("batch_id"), row.getLong("bank_amount"),
                                row.getString("bank_references"), row.getString("end_to_end_id"), row.getLocalDate("booking_date"),
                                row.getUUID("id")));
                    }
                    return lines;
                });
    }

    /**
     * Each bank line with what it moved money for, as the server booked it: the parked entry its
     * bank reference became, the payout its end-to-end id names, the payment its booking made.
     */
    private Uni<List<BankLine>> withSubjects(List<BankLine> bank) {
        if (bank.isEmpty()) {
            return Uni.createFrom().item(bank);
        }
        Integer[] index = new Integer[bank.size()];
        String[] endToEndIds = new String[bank.size()];
        String[] references = new String[bank.size()];
        for (int i = 0; i < bank.size(); i++) {
            index[i] = i;
            endToEndIds[i] = bank.get(i).endToEndId();
            references[i] = bank.get(i).reference();
        }
        return SqlStatement.of("""
                        SELECT s.i,
                            (SELECT u.id FROM bank_unmatched u WHERE u.bank_reference = s.ref AND u.suspense_amount IS NOT NULL
                                ORDER BY u.created_at LIMIT 1) AS parked,
                            (SELECT p.transaction_id FROM bank_payouts p WHERE p.end_to_end_id = s.e2e) AS payout,
                            (SELECT b.transaction_id FROM bank_entries_booked b WHERE b.bank_reference = s.ref) AS booked
                        FROM unnest(CAST($1 AS int[]), CAST($2 AS varchar[]), CAST($3 AS varchar[])) AS s (i, e2e, ref)""",
                        index, endToEndIds, references).on(pool)
                .map(rows -> {
                    List<BankLine> named = new ArrayList<>(bank);
                    for (Row row : rows) {
                        List<String> subjects = new ArrayList<>();
                        if (row.getUUID("parked") != null) {
                            subjects.add(IdType.PARKED_BANK_ENTRY.wireId(row.getUUID("parked")));
                        }
                        for (String column : List.of("payout", "booked")) {
                            if (row.getUUID(column) != null) {
                                subjects.add(IdType.TRANSACTION.wireId(row.getUUID(column)));
                            }
                        }
                        BankLine line = bank.get(row.getInteger("i"));
                        named.set(row.getInteger("i"), new BankLine(subjects.stream().distinct().toList(), line.batchId(), line.amount(),
                                line.reference(), line.endToEndId(), line.bookingDate(), line.carried()));
                    }
                    return named;
                });
    }

    /**
     * The RAIL entries in the statement's currency that the bank rails booked (for a payout, a
     * payment a bank entry made, a parked entry) since the look-back and that no statement accounted
     * for yet; as the bank sees them (RAIL's negation).
     */
    private Uni<List<LedgerLine>> ledgerLines(StatementReported statement) {
        return SqlStatement.of("""
                        WITH subjects AS (
                            SELECT transaction_id AS id, 'T' AS type, batch_id FROM bank_payouts WHERE created_at >= $1
                            UNION ALL SELECT transaction_id, 'T', NULL FROM bank_entries_booked WHERE transaction_id IS NOT NULL AND booked_at >= $1
                            UNION ALL SELECT id, 'P', NULL FROM bank_unmatched WHERE created_at >= $1)
                        SELECT e.id, e.amount, e.created_at, l.transaction_id, min(s.type) AS type, max(s.batch_id) AS batch_id
                        FROM subjects s JOIN ledger_transactions l ON l.transaction_id = s.id
                        JOIN ledger_entries e ON e.ledger_transaction_id = l.id
                        WHERE e.system_account = 'RAIL' AND e.currency = $2
                            AND NOT EXISTS (SELECT 1 FROM bank_reconciled_entries r WHERE r.ledger_entry_id = e.id)
                        GROUP BY e.id, e.amount, e.created_at, l.transaction_id
                        ORDER BY e.created_at, e.id""",
                        statement.periodEnd().minus(LOOKBACK), statement.currency()).on(pool)
                .map(rows -> {
                    List<LedgerLine> lines = new ArrayList<>();
                    for (Row row : rows) {
                        IdType type = "P".equals(row.getString("type")) ? IdType.PARKED_BANK_ENTRY : IdType.TRANSACTION;
                        lines.add(new LedgerLine(row.getUUID("id"), type.wireId(row.getUUID("transaction_id")), row.getString("batch_id"),
                                -row.getLong("amount"), row.getOffsetDateTime("created_at").toInstant()));
                    }
                    return lines;
                });
    }

    private Uni<Void> store(String fileHash, StatementReported statement, List<Line> lines, InFile inFile) {
        Instant now = clock.now();
        StatementReport report = new StatementReport();
        report.id = Ids.newUuid();
        report.fileSha256 = fileHash;
        report.statementId = statement.statementId();
        report.account = statement.account();
        report.currency = statement.currency();
        report.periodEnd = statement.periodEnd();
        report.openingBalance = statement.opening();
        report.closingBalance = statement.closing();
        report.entries = statement.entries().size();
        report.createdAt = now;
        List<StatementLine> rows = new ArrayList<>();
        List<UUID> reconciledEntries = new ArrayList<>();
        List<UUID> reconciledBy = new ArrayList<>();
        List<UUID> matchedLater = new ArrayList<>();
        List<BankLine> leftOpen = new ArrayList<>();
        for (Line line : lines) {
            boolean onlyCarried = line.status() == Status.BANK_ONLY && line.bank().get(0).carried() != null;
            if (onlyCarried) {
                continue; // still open on the report that first listed it
            }
            StatementLine row = row(report, line);
            rows.add(row);
            if (line.status() == Status.BANK_ONLY) {
                BankLine bank = line.bank().get(0);
                leftOpen.add(new BankLine(List.of(), bank.batchId(), bank.amount(), bank.reference(), bank.endToEndId(), bank.bookingDate(),
                        row.id));
            }
            if (line.status() != Status.BANK_ONLY && line.status() != Status.LEDGER_ONLY) {
                line.ledger().forEach(entry -> {
                    reconciledEntries.add(entry.entryId());
                    reconciledBy.add(row.id);
                });
                line.bank().stream().map(BankLine::carried).filter(Objects::nonNull).forEach(matchedLater::add);
            }
        }
        inFile.reconciled(statement, reconciledEntries, leftOpen, matchedLater);
        report.matched = (int) rows.stream().filter(row -> Status.MATCHED.name().equals(row.status)).count();
        report.unresolved = rows.size() - report.matched;
        LOG.infof("Statement %s (%s %s) reconciled: %d entries, %d lines matched, %d need a person", statement.statementId(),
                statement.account(), statement.currency(), report.entries, report.matched, report.unresolved);
        return SqlStatement.of("""
                        UPDATE bank_statement_lines SET resolution = 'REPORTED_AGAIN', resolved_by = $1, resolved_at = $2,
                            reason = 'The ledger entries are reconciled again with every later statement'
                        WHERE status = 'LEDGER_ONLY' AND resolved_at IS NULL AND first_booked_at >= $5
                            AND statement_id IN (SELECT id FROM bank_statements WHERE coalesce(account, '') = $3 AND currency = $4)""",
                        BY_RECONCILIATION, now, account(statement), statement.currency(), statement.periodEnd().minus(LOOKBACK))
                .updateInSession()
                .call(() -> matchedLater.isEmpty() ? Uni.createFrom().voidItem() : SqlStatement.of("""
                        UPDATE bank_statement_lines SET resolution = 'MATCHED_LATER', resolved_by = $1, resolved_at = $2, reason = $3
                        WHERE id = ANY($4)""", BY_RECONCILIATION, now, "Matched by statement " + statement.statementId(),
                        matchedLater.toArray(UUID[]::new)).updateInSession())
                .call(() -> report.persist())
                .call(() -> StatementLine.persist(rows))
                .call(() -> reconciledEntries.isEmpty() ? Uni.createFrom().voidItem() : SqlStatement.of("""
                        INSERT INTO bank_reconciled_entries (ledger_entry_id, line_id)
                        SELECT * FROM unnest(CAST($1 AS uuid[]), CAST($2 AS uuid[]))
                        ON CONFLICT (ledger_entry_id) DO NOTHING""",
                        reconciledEntries.toArray(UUID[]::new), reconciledBy.toArray(UUID[]::new)).updateInSession())
                .replaceWithVoid();
    }

    private static StatementLine row(StatementReport report, Line line) {
        StatementLine row = new StatementLine();
        row.id = Ids.newUuid();
        row.statementId = report.id;
        row.status = line.status().name();
        row.matchedOn = line.matchedOn();
        row.bankAmount = line.bank().isEmpty() ? null : line.bankAmount();
        row.ledgerAmount = line.ledger().isEmpty() ? null : line.ledgerAmount();
        String references = line.bank().stream().map(BankLine::reference).collect(Collectors.joining(","));
        row.bankReferences = line.bank().isEmpty() ? null
                : references.length() > MAX_REFERENCES ? references.substring(0, MAX_REFERENCES) : references;
        row.endToEndId = line.bank().stream().map(BankLine::endToEndId).filter(Objects::nonNull).findFirst().orElse(null);
        row.batchId = line.bank().stream().map(BankLine::batchId).filter(Objects::nonNull).findFirst().orElse(null);
        row.bookingDate = line.bank().stream().map(BankLine::bookingDate).filter(Objects::nonNull).findFirst().orElse(null);
        row.ledgerEntries = line.ledger().size();
        row.firstBookedAt = line.ledger().stream().map(LedgerLine::bookedAt).min(Instant::compareTo).orElse(null);
        return row;
    }

    /** GET /bank-statements: newest first. */
    @WithSession
    public Uni<Page<StatementReportResponse>> list(String limit, String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        QueryFilters filters = new QueryFilters().page("id", page);
        return Page.fetch(StatementReport.<StatementReport>find(filters.clause(), Sort.descending("id"), filters.params()),
                        () -> StatementReport.count(filters.countClause(), filters.countParams()), page, report -> report.id.toString(),
                        report -> report)
                .flatMap(reports -> openCounts(reports.data().stream().map(report -> report.id).toList())
                        .map(open -> reports.map(report -> new StatementReportResponse(IdType.BANK_STATEMENT.wireId(report.id),
                                report.statementId, report.account, report.currency, report.periodEnd, report.openingBalance,
                                report.closingBalance, report.entries, report.matched, report.unresolved,
                                open.getOrDefault(report.id, 0L), report.createdAt))));
    }

    private Uni<Map<UUID, Long>> openCounts(List<UUID> reports) {
        return SqlStatement.of("""
                        SELECT statement_id, count(*) FROM bank_statement_lines
                        WHERE statement_id = ANY($1) AND status <> 'MATCHED' AND resolved_at IS NULL GROUP BY statement_id""",
                        (Object) reports.toArray(UUID[]::new)).on(pool)
                .map(rows -> {
                    Map<UUID, Long> open = new HashMap<>();
                    rows.forEach(row -> open.put(row.getUUID(0), row.getLong(1)));
                    return open;
                });
    }

    /** GET /bank-statements/{statementId}/lines: in report order; {@code status} OPEN (needing a person) or any line status. */
    @WithSession
    public Uni<Page<StatementLineResponse>> lines(String statementId, String status, String limit, String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        List<String> statuses = new ArrayList<>(List.of("OPEN"));
        for (Status s : Status.values()) {
            statuses.add(s.name());
        }
        if (status != null && !statuses.contains(status)) {
            throw ApiException.invalidField("status", FieldError.Constraint.oneOf(statuses), "Must be one of " + statuses);
        }
        return Ids.<StatementReport>find(IdType.BANK_STATEMENT, statementId, ErrorCode.NOT_FOUND, "Bank statement", id -> StatementReport.findById(id))
                .flatMap(report -> {
                    QueryFilters filters = new QueryFilters().page("id", page, true).where("statementId = :report", "report", report.id);
                    if ("OPEN".equals(status)) {
                        filters.where("status <> 'MATCHED' and resolvedAt is null");
                    } else if (status != null) {
                        filters.where("status = :status", "status", status);
                    }
                    return Page.fetch(StatementLine.<StatementLine>find(filters.clause(), Sort.ascending("id"), filters.params()),
                            () -> StatementLine.count(filters.countClause(), filters.countParams()), page, line -> line.id.toString(),
                            StatementLineResponse::of);
                });
    }

    /** POST /bank-statements/{statementId}/lines/{lineId}/resolve: an operator explains a line; once (409), never a MATCHED one. */
    @WithTransaction
    public Uni<StatementLineResponse> resolve(String statementId, String lineId, JsonBodies.Bound<RequiredReason> body,
                                              Caller caller) {
        RequiredReason request = validator.validate(body, List.of());
        UUID report = Ids.uuidOf(IdType.BANK_STATEMENT, statementId, ErrorCode.NOT_FOUND);
        return Ids.<StatementLine>find(IdType.BANK_STATEMENT_LINE, lineId, ErrorCode.NOT_FOUND, "Bank statement line",
                        id -> StatementLine.findById(id, LockModeType.PESSIMISTIC_WRITE))
                .map(line -> {
                    if (!line.statementId.equals(report)) {
                        throw new ApiException(ErrorCode.NOT_FOUND, "Bank statement " + statementId + " has no line " + lineId);
                    }
                    if (Status.MATCHED.name().equals(line.status)) {
                        throw new ApiException(ErrorCode.CONFLICT, "Line " + lineId + " is MATCHED: there is nothing to resolve");
                    }
                    if (line.resolvedAt != null) {
                        throw new ApiException(ErrorCode.CONFLICT, "Line " + lineId + " was " + line.resolution + " at " + line.resolvedAt
                                + " by " + line.resolvedBy);
                    }
                    line.resolution = "EXPLAINED";
                    line.reason = request.reason().strip();
                    line.resolvedBy = caller.scope();
                    line.resolvedAt = clock.now();
                    return StatementLineResponse.of(line);
                });
    }
}
