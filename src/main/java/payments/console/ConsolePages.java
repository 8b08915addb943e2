package payments.console;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ErrorCode;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.Page;
import payments.common.ServerClock;
import payments.common.security.Caller;
import payments.common.security.Permission;
import payments.account.AccountHolderNames;
import payments.account.ExternalAccountService;
import payments.account.InternalAccountService;
import payments.bankfile.BankFileDesk;
import payments.bankfile.ParkedEntries;
import payments.bankfile.Reconciliations;
import payments.card.CardService;
import payments.common.jobs.DeadJobs;
import payments.card.CardService.CardListQuery;
import payments.customer.CustomerService;
import payments.customer.CustomerService.CustomerListQuery;
import payments.common.Currencies;
import payments.ledger.LedgerEntries;
import payments.platform.ApiTokenService;
import payments.platform.PlatformConfigService;
import payments.quote.QuoteLookup;
import payments.quote.QuoteView;
import payments.transaction.TransactionService;
import payments.transaction.TransactionService.TransactionListQuery;
import payments.transaction.TransactionStatus;
import payments.verification.ComplianceReviews;
import payments.webhook.EventType;
import payments.webhook.WebhookDeliveries;
import payments.webhook.WebhookDeliveries.DeliveryListQuery;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What each console page shows, read through the services the API's GET operations use, as plain
 * maps of the API's own answers (so a page shows what a client would get) plus what only a person
 * needs: amounts in major units, a payment's timeline.
 */
@ApplicationScoped
public class ConsolePages {

    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(ConsolePages.class);
    static final String PAGE_SIZE = "25";
    private static final String MANY = "100";

    private final ObjectMapper mapper;
    private final ServerClock clock;
    private final CustomerService customers;
    private final InternalAccountService accounts;
    private final CardService cards;
    private final TransactionService transactions;
    private final WebhookDeliveries deliveries;
    private final ComplianceReviews reviews;
    private final LedgerEntries ledger;
    private final ParkedEntries parked;
    private final BankFileDesk files;
    private final Reconciliations statements;
    private final DeadJobs deadJobs;
    private final QuoteLookup quotes;
    private final PlatformConfigService config;
    private final ApiTokenService tokens;
    private final ExternalAccountService externalAccounts;
    private final AccountHolderNames holderNames;

    public ConsolePages(ObjectMapper mapper, ServerClock clock, CustomerService customers, InternalAccountService accounts,
                        CardService cards, TransactionService transactions, WebhookDeliveries deliveries,
                        ComplianceReviews reviews, LedgerEntries ledger, ParkedEntries parked, BankFileDesk files,
                        Reconciliations statements, DeadJobs deadJobs, QuoteLookup quotes, PlatformConfigService config,
                        ApiTokenService tokens, ExternalAccountService externalAccounts, AccountHolderNames holderNames) {
        this.holderNames = holderNames;
        this.externalAccounts = externalAccounts;
        this.deadJobs = deadJobs;
        this.quotes = quotes;
        this.config = config;
        this.tokens = tokens;
        this.parked = parked;
        this.files = files;
        this.statements = statements;
        this.mapper = mapper;
        this.clock = clock;
        this.customers = customers;
        this.accounts = accounts;
        this.cards = cards;
        this.transactions = transactions;
        this.deliveries = deliveries;
        this.reviews = reviews;
        this.ledger = ledger;
    }

    public Uni<Map<String, Object>> home(Caller caller) {
        Instant now = clock.now();
        Map<String, Object> model = new HashMap<>();
        model.put("now", now.toString());
        model.put("offset", describe(Duration.between(clock.wallNow(), now)));
        model.put("canReview", caller.has(Permission.COMPLIANCE_REVIEW));
        if (!caller.has(Permission.COMPLIANCE_REVIEW)) {
            model.put("reviews", List.of());
            return Uni.createFrom().item(model);
        }
        return reviews.waiting(MANY, null).map(page -> {
            model.put("reviews", tree(page.data()));
            return model;
        });
    }

    Uni<Map<String, Object>> customers(String cursor) {
        return customers.list(new CustomerListQuery(null, null, null, null, null, null, null, null, null, null, PAGE_SIZE, cursor))
                .map(page -> {
                    Map<String, Object> model = paged(page);
                    model.put("regions", List.of("US", "DE", "MX", "GB"));
                    model.put("currencies", List.of("USD", "EUR", "MXN", "GBP"));
                    return model;
                });
    }

    public Uni<Map<String, Object>> customer(String id, Caller caller) {
        Map<String, Object> model = new HashMap<>();
        model.put("canReview", caller.has(Permission.COMPLIANCE_REVIEW));
        return customers.get(id).flatMap(customer -> {
            model.put("customer", tree(customer));
            return accounts.listCustomerAccounts(null, id, null, MANY, null);
        }).flatMap(page -> {
            model.put("accounts", tree(page.data()));
            return cards.list(new CardListQuery(id, null, null, null, null, MANY, null));
        }).flatMap(page -> {
            model.put("cards", tree(page.data()));
            return externalAccounts.list(ExternalAccountService.Owner.anyCustomer(), id, null, MANY, null);
        }).flatMap(page -> {
            model.put("externalAccounts", tree(page.data()));
            return transactions.list(new TransactionListQuery(id, null, null, null, null, null, null, null, null, null, null,
                    "10", null, null));
        }).flatMap(page -> withCounterparties(tree(page.data()))).flatMap(rows -> {
            model.put("transactions", rows);
            if (!caller.has(Permission.COMPLIANCE_REVIEW)) {
                model.put("reviews", List.of());
                return Uni.createFrom().item(model);
            }
            return reviews.waiting(MANY, null).map(waiting -> {
                model.put("reviews", tree(waiting.data().stream().filter(r -> id.equals(r.verification().customerId())).toList()));
                return model;
            });
        });
    }

    public Uni<Map<String, Object>> account(String id) {
        Map<String, Object> model = new HashMap<>();
        return accounts.get(id).flatMap(account -> {
            model.put("account", tree(account));
            return ledger.latestOf(Ids.uuidOf(IdType.INTERNAL_ACCOUNT, id, ErrorCode.INTERNAL_ACCOUNT_NOT_FOUND), 50)
                    .map(entries -> {
                        int decimals = account.balance().currency().decimals();
                        model.put("entries", entries.stream().map(e -> Map.of("kind", e.kind(), "bucket", e.bucket(),
                                "amount", ConsoleFormat.money(e.amount(), decimals, e.currency()), "createdAt", e.createdAt().toString(),
                                "transactionId", e.subject() == null ? "" : e.subject())).toList());
                        return model;
                    });
        });
    }

    Uni<Map<String, Object>> transactions(String status, String customerId, String cursor) {
        String onlyStatus = blankToNull(status);
        String onlyCustomer = blankToNull(customerId);
        return transactions.list(new TransactionListQuery(onlyCustomer, null, null, null, null, onlyStatus, null, null, null, null,
                        null, PAGE_SIZE, cursor, null))
                .flatMap(page -> withCounterparties(tree(page.data())).map(rows -> {
                    Map<String, Object> model = paged(page);
                    model.put("items", rows);
                    model.put("status", onlyStatus == null ? "" : onlyStatus);
                    model.put("customerId", onlyCustomer == null ? "" : onlyCustomer);
                    model.put("statuses", TransactionStatus.ALL.stream().sorted().toList());
                    return model;
                }));
    }

    /**
     * Transaction rows with their counterparty: the destination of a payment out, the source of one
     * in (its UMA address, else its account id) as {@code counterparty}, and the account holder's
     * name as {@code counterpartyName} where the account has one.
     */
    @SuppressWarnings("unchecked")
    private Uni<List<Map<String, Object>>> withCounterparties(Object rows) {
        List<Map<String, Object>> listed = (List<Map<String, Object>>) rows;
        listed.forEach(row -> row.put("counterparty", counterpartyOf(row)));
        return holderNames.of(listed.stream().map(row -> (String) row.get("counterparty")).toList())
                .onFailure().recoverWithItem(failure -> {
                    // The names help a person read the list; the list is shown without them rather than not at all.
                    LOG.warnf(failure, "Counterparty names could not be read");
                    return Map.of();
                })
                .map(names -> {
                    listed.forEach(row -> row.put("counterpartyName", names.getOrDefault((String) row.get("counterparty"), "")));
                    return listed;
                });
    }

    private static String counterpartyOf(Map<String, Object> row) {
        Object side = "INCOMING".equals(row.get("type")) ? row.get("source") : row.get("destination");
        if (side instanceof Map<?, ?> party) {
            Object named = party.get("umaAddress") != null ? party.get("umaAddress") : party.get("accountId");
            return named == null ? "" : named.toString();
        }
        return "";
    }

    /** A payment with its timeline: every event sent about it and every ledger posting, in time order. */
    Uni<Map<String, Object>> transaction(String id) {
        Map<String, Object> model = new HashMap<>();
        List<Map<String, Object>> timeline = new ArrayList<>();
        return transactions.get(id).flatMap(transaction -> {
            model.put("transaction", tree(transaction));
            model.put("json", pretty(transaction));
            return deliveries.list(new DeliveryListQuery(null, null, id, null, null, MANY, null));
        }).flatMap(events -> {
            events.data().forEach(e -> timeline.add(Map.of("at", e.createdAt().toString(), "what", e.eventType(),
                    "detail", "webhook " + e.status().toLowerCase(java.util.Locale.ROOT), "link", "webhooks/" + e.id())));
            IdType type = id.startsWith(IdType.CARD_TRANSACTION.prefix() + ":") ? IdType.CARD_TRANSACTION : IdType.TRANSACTION;
            return ledger.stepsOf(Ids.uuidOf(type, id, TransactionService.NOT_FOUND));
        }).map(steps -> {
            steps.forEach(s -> timeline.add(Map.of("at", s.createdAt().toString(), "what", "ledger " + s.kind(), "detail", "posted",
                    "link", "")));
            timeline.sort(Comparator.comparing(entry -> Instant.parse((String) entry.get("at"))));
            model.put("timeline", timeline);
            return model;
        });
    }

    Uni<Map<String, Object>> webhooks(String eventType, String status, String cursor) {
        String onlyType = blankToNull(eventType);
        String onlyStatus = blankToNull(status);
        return deliveries.list(new DeliveryListQuery(onlyType, onlyStatus, null, null, null, PAGE_SIZE, cursor)).map(page -> {
            Map<String, Object> model = paged(page);
            model.put("eventType", onlyType == null ? "" : onlyType);
            model.put("status", onlyStatus == null ? "" : onlyStatus);
            model.put("eventTypes", EventType.wireNames());
            model.put("statuses", WebhookDeliveries.STATUSES);
            return model;
        });
    }

    Uni<Map<String, Object>> webhook(String id) {
        return deliveries.get(id).map(delivery -> {
            Map<String, Object> model = new HashMap<>();
            model.put("delivery", tree(delivery));
            model.put("json", delivery.event() == null ? "(carries a secret: not shown)" : pretty(delivery.event()));
            return model;
        });
    }

    /** The compliance staff's queue: verifications waiting for a person, oldest first. */
    Uni<Map<String, Object>> reviews() {
        return reviews.waiting(MANY, null).map(page -> {
            Map<String, Object> model = new HashMap<>();
            model.put("reviews", tree(page.data()));
            return model;
        });
    }

    /**
     * The bank operations desk's day on one page: parked entries still open, SUSPENSE per currency,
     * files quarantined or built and not delivered, the statements' reconciliations, and the
     * background jobs given up and not resolved.
     */
    Uni<Map<String, Object>> bank() {
        Map<String, Object> model = new HashMap<>();
        return parked.list("OPEN", MANY, null).flatMap(open -> {
            model.put("parked", tree(open.data()));
            return parked.suspense();
        }).flatMap(suspense -> {
            model.put("suspense", tree(suspense.currencies()));
            return files.list(null);
        }).flatMap(bankFiles -> {
            model.put("quarantined", tree(bankFiles.received().stream().filter(f -> "QUARANTINED".equals(f.status())).toList()));
            model.put("built", tree(bankFiles.sent().stream().filter(f -> "BUILT".equals(f.status())).toList()));
            return statements.list(PAGE_SIZE, null);
        }).flatMap(reports -> {
            model.put("statements", tree(reports.data()));
            return deadJobs.unresolved(MANY);
        }).map(dead -> {
            model.put("deadJobs", tree(dead.data()));
            model.put("actions", List.of("ASSIGN", "RETURN", "WRITE_OFF", "CLOSE"));
            return model;
        });
    }

    /** A statement's reconciliation: its lines still needing a person first, then every line. */
    Uni<Map<String, Object>> statement(String id) {
        Map<String, Object> model = new HashMap<>();
        model.put("statementId", id);
        return statements.lines(id, "OPEN", MANY, null).flatMap(open -> {
            model.put("open", tree(open.data()));
            return statements.lines(id, null, MANY, null);
        }).map(all -> {
            model.put("lines", tree(all.data()));
            return model;
        });
    }

    /** Customers whose name, email, platform id or UMA address contains {@code text} (two characters at least). */
    Uni<Map<String, Object>> search(String text, int limit) {
        Uni<List<com.fasterxml.jackson.databind.node.ObjectNode>> found = text.length() < 2 ? Uni.createFrom().item(List.of())
                : customers.search(text, limit);
        return found.map(customers -> {
            Map<String, Object> model = new HashMap<>();
            model.put("q", text);
            model.put("items", tree(customers));
            model.put("limit", limit);
            return model;
        });
    }

    /** The page of the customer a form named, where {@code form} is; the customers list when it named none. */
    public FormPage customerForm(String form, String customerId) {
        return Ids.isValid(IdType.CUSTOMER, customerId) ? FormPage.of(form, "customer", caller -> customer(customerId, caller))
                : FormPage.of(form, "customers", caller -> customers(null));
    }

    /** The newest quotes, their amounts in major units. */
    Uni<Map<String, Object>> quotes(String cursor) {
        return quotes.list(new QuoteLookup.QuoteListQuery(null, null, null, null, null, null, null, null, PAGE_SIZE, cursor))
                .map(page -> {
                    Map<String, Object> model = paged(page);
                    model.put("items", page.data().stream().map(this::quoteView).toList());
                    return model;
                });
    }

    Uni<Map<String, Object>> quote(String id) {
        return quotes.get(id).map(quote -> {
            Map<String, Object> model = new HashMap<>();
            model.put("quote", quoteView(quote));
            model.put("json", pretty(quote));
            return model;
        });
    }

    /** A quote as the API answers it, with its amounts and fees as a person reads them. */
    private Map<String, Object> quoteView(QuoteView.QuoteResponse quote) {
        @SuppressWarnings("unchecked")
        Map<String, Object> view = (Map<String, Object>) tree(quote);
        Currencies.Currency sending = quote.sendingCurrency();
        Currencies.Currency receiving = quote.receivingCurrency();
        view.put("sendingText", ConsoleFormat.money(quote.totalSendingAmount(), sending.decimals(), sending.code()));
        view.put("receivingText", ConsoleFormat.money(quote.totalReceivingAmount(), receiving.decimals(), receiving.code()));
        view.put("feesText", ConsoleFormat.money(quote.feesIncluded(), sending.decimals(), sending.code()));
        view.put("sourceId", quote.source() == null ? "" : quote.source().path("accountId").asText(""));
        view.put("executable", "PENDING".equals(quote.status()));
        return view;
    }

    /** The platform's webhook endpoint and its API tokens (never their secrets). */
    Uni<Map<String, Object>> settings() {
        Map<String, Object> model = new HashMap<>();
        return config.get().flatMap(platform -> {
            model.put("webhookEndpoint", platform.webhookEndpoint() == null ? "" : platform.webhookEndpoint());
            return tokens.list(null, null, null, null, null, MANY, null);
        }).map(page -> {
            model.put("tokens", tree(page.data()));
            model.put("permissions", java.util.Arrays.stream(Permission.values()).map(Enum::name).toList());
            return model;
        });
    }

    /**
     * An amount typed in major units ("25", "25.50") for an internal account, as the minor units
     * its API operation takes; one that is not an amount of the account's currency is a 400 naming {@code field}.
     */
    public Uni<Long> minorUnits(String accountId, String typed, String field) {
        return accounts.get(accountId).map(account -> {
            Currencies.Currency currency = account.balance().currency();
            return ConsoleFormat.minorUnits(typed, currency.decimals(), currency.code(), field);
        });
    }

    private Map<String, Object> paged(Page<?> page) {
        Map<String, Object> model = new HashMap<>();
        model.put("items", tree(page.data()));
        model.put("next", page.hasMore() ? page.nextCursor() : "");
        model.put("total", page.totalCount());
        return model;
    }

    /** The answer as its JSON reads (written first: fields the API writes raw, such as a transaction's destination, become objects too). */
    private Object tree(Object answer) {
        try {
            return ConsoleFormat.withMoneyText(mapper.readValue(mapper.writeValueAsBytes(answer), Object.class));
        } catch (java.io.IOException e) {
            throw new IllegalStateException("An API answer could not be read back", e);
        }
    }

    private String pretty(Object answer) {
        try {
            return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(answer);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("An API answer could not be written", e);
        }
    }

    private static String describe(Duration offset) {
        if (offset.abs().toSeconds() < 1) {
            return "none: the sandbox clock is the wall clock";
        }
        return "ahead of the wall clock by " + offset.toString().substring(2).toLowerCase(java.util.Locale.ROOT);
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }
}
