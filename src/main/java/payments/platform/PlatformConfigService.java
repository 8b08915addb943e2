package payments.platform;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.persistence.LockModeType;
import org.jboss.logging.Logger;
import payments.common.ApiException;
import payments.common.Currencies;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonBodies;
import payments.common.JsonText;
import payments.common.RequestValidator;
import payments.common.ServerClock;
import payments.common.ServerConfig;
import payments.platform.PlatformConfigRecords.FeeConfig;
import payments.platform.PlatformConfigRecords.PlatformConfig;
import payments.platform.PlatformConfigRecords.PlatformConfigUpdateRequest;
import payments.platform.PlatformConfigRecords.PlatformCurrencyConfig;
import payments.webhook.WebhookAddresses;
import payments.webhook.WebhookEndpoint;
import payments.webhook.EventType;
import payments.webhook.WebhookPublisher;
import payments.webhook.WebhookSigner;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;

/** Reads and changes the platform configuration; a new webhook endpoint gets a TEST event. */
@ApplicationScoped
public class PlatformConfigService implements WebhookEndpoint {

    private static final Pattern DOMAIN = Pattern.compile("^(?=.{1,253}$)([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\\.)+[a-zA-Z]{2,63}$");

    private final JsonText json;
    private final ServerClock clock;
    private final RequestValidator validator;
    private final WebhookPublisher webhooks;
    private final WebhookSigner signer;
    private final ServerConfig serverConfig;
    private final PlatformConfigStore store;
    private static final Logger LOG = Logger.getLogger(PlatformConfigService.class);
    private final WebhookAddresses addresses;
    private final AtomicReference<PlatformSettings> cached = new AtomicReference<>();
    /** Changes committed through this instance, so that a read started before one cannot overwrite it. */
    private final AtomicLong changes = new AtomicLong();

    public PlatformConfigService(JsonText json, ServerClock clock, RequestValidator validator,
                                 WebhookPublisher webhooks, WebhookSigner signer, ServerConfig serverConfig,
                                 PlatformConfigStore store, WebhookAddresses addresses) {
        this.addresses = addresses;
        this.json = json;
        this.clock = clock;
        this.validator = validator;
        this.webhooks = webhooks;
        this.signer = signer;
        this.serverConfig = serverConfig;
        this.store = store;
    }

    /** Creates the configuration row on first start; a no-op afterwards and on other instances. */
    void ensureExists(@Observes @Priority(20) StartupEvent event) {
        store.insertIfAbsent(Ids.newUuid(), write(defaults()), clock.now()).await().indefinitely();
        cached.set(load().await().indefinitely());
    }

    private PlatformSettings defaults() {
        return PlatformSettings.defaults(serverConfig.defaultUmaDomain().orElseThrow());
    }

    /** Another instance's change reaches this one within a second. */
    @Scheduled(every = "1s", delayed = "1s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> refresh() {
        return reload().replaceWithVoid().onFailure()
                .invoke(e -> LOG.warnf("Refreshing the platform settings failed (the copy stays as it was): %s", e.getMessage()))
                .onFailure().recoverWithNull();
    }

    /**
     * Reads the settings into this instance's copy, unless a change committed here while the read
     * was under way: that read may predate the change and must not overwrite what the change loads.
     */
    private Uni<PlatformSettings> reload() {
        long started = changes.get();
        return load().invoke(settings -> {
            if (changes.get() == started) {
                cached.set(settings);
            }
        });
    }

    @WithSession
    public Uni<PlatformConfig> get() {
        return PlatformConfigEntity.<PlatformConfigEntity>findAll().firstResult().map(this::toWire);
    }

    /** Applies the change, then reads it back into this instance's copy once it is committed. */
    public Uni<PlatformConfig> update(JsonBodies.Bound<PlatformConfigUpdateRequest> body) {
        PlatformConfigUpdateRequest request = body.value();
        return endpointRefusal(request).flatMap(refusal -> {
            validate(body, refusal);
            return Panache.withTransaction(() -> change(request));
        })
                .invoke(changes::incrementAndGet)
                .call(this::reload);
    }

    private Uni<PlatformConfig> change(PlatformConfigUpdateRequest request) {
        return PlatformConfigEntity.<PlatformConfigEntity>findAll()
                .withLock(LockModeType.PESSIMISTIC_WRITE).firstResult()
                .flatMap(entity -> {
                    PlatformSettings before = read(entity.document);
                    PlatformSettings after = before.patchedWith(request);
                    entity.document = write(after);
                    entity.updatedAt = clock.now();
                    boolean endpointChanged = after.webhookEndpoint() != null
                            && !Objects.equals(before.webhookEndpoint(), after.webhookEndpoint());
                    // Flushed first: the event is saved only if the endpoint is in the database (WebhookPublisher).
                    Uni<?> test = endpointChanged ? entity.persistAndFlush().chain(() -> webhooks.publish(EventType.TEST, java.util.Map.of()))
                            : Uni.createFrom().voidItem();
                    return test.map(ignored -> toWire(entity));
                });
    }

    /**
     * The configured webhook endpoint, read fresh on its own connection: deliveries run outside
     * any transaction, and must not act on a copy another instance's change has not reached yet
     * (an event delivered while the copy still had no endpoint would be skipped for good).
     */
    @Override
    public Uni<Optional<String>> current() {
        return reload().map(settings -> Optional.ofNullable(settings.webhookEndpoint()));
    }

    /**
     * The current settings, from this instance's copy: a request inside a transaction must not
     * wait for a second connection (under load every connection can be held by such requests).
     */
    public Uni<PlatformSettings> settings() {
        PlatformSettings current = cached.get();
        return current != null ? Uni.createFrom().item(current) : load().invoke(cached::set);
    }

    private Uni<PlatformSettings> load() {
        return store.document().map(document -> document == null ? defaults() : read(document));
    }

    /** Why the requested webhook endpoint's host may not receive webhooks (see {@link WebhookAddresses}); null when it may. */
    private Uni<String> endpointRefusal(PlatformConfigUpdateRequest request) {
        String endpoint = request == null ? null : request.webhookEndpoint();
        if (endpoint == null || endpoint.isBlank() || !wellFormedEndpoint(endpoint)) {
            return Uni.createFrom().nullItem();
        }
        return addresses.resolve(endpoint).map(target -> (String) null)
                .onFailure(WebhookAddresses.Refused.class).recoverWithItem(Throwable::getMessage);
    }

    private void validate(JsonBodies.Bound<PlatformConfigUpdateRequest> body, String endpointRefusal) {
        PlatformConfigUpdateRequest request = body.value();
        List<FieldError> errors = new ArrayList<>();
        if (request != null && request.changesNothing() && body.typeErrors().isEmpty()) {
            errors.add(FieldError.of("body", "Send at least one field to change"));
        }
        if (request != null) {
            checkDomain(request.umaDomain(), errors);
            checkWebhookEndpoint(request.webhookEndpoint(), errors);
            if (endpointRefusal != null) {
                errors.add(FieldError.of("webhookEndpoint", endpointRefusal));
            }
            checkCurrencies(request.supportedCurrencies(), errors);
            checkFees(request.feeConfigs(), errors);
            checkCardConfigs(request.cardConfigs(), errors);
            if (Boolean.TRUE.equals(request.sandboxSkipVerificationPaperwork()) && !serverConfig.sandbox()) {
                errors.add(FieldError.of("sandboxSkipVerificationPaperwork", "Only available in sandbox mode"));
            }
        }
        validator.validate(body, errors);
        if (request.feeConfigs() != null && request.feeConfigs().stream().anyMatch(f -> !"USD".equals(f.sourceCurrency()))) {
            throw new ApiException(ErrorCode.NOT_IMPLEMENTED, "Only USD is accepted as a fee config sourceCurrency today");
        }
    }

    private static void checkDomain(String domain, List<FieldError> errors) {
        if (domain != null && !DOMAIN.matcher(domain).matches()) {
            errors.add(new FieldError("umaDomain", FieldError.Constraint.format("hostname"), "Must be a domain name"));
        }
    }

    private void checkWebhookEndpoint(String endpoint, List<FieldError> errors) {
        if (endpoint == null || endpoint.isBlank()) {
            return;
        }
        if (!wellFormedEndpoint(endpoint)) {
            errors.add(new FieldError("webhookEndpoint", FieldError.Constraint.format("url"),
                    serverConfig.sandbox() ? "Must be an http or https URL" : "Must be an https URL"));
        }
    }

    /** Production deliveries carry payment data, so they go over HTTPS only; the sandbox also accepts plain HTTP for local receivers. */
    private boolean wellFormedEndpoint(String endpoint) {
        try {
            URI uri = new URI(endpoint);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase();
            return uri.getHost() != null && (scheme.equals("https") || scheme.equals("http") && serverConfig.sandbox());
        } catch (URISyntaxException e) {
            return false;
        }
    }

    private static void checkCurrencies(List<PlatformCurrencyConfig> currencies, List<FieldError> errors) {
        if (currencies == null) {
            return;
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < currencies.size(); i++) {
            PlatformCurrencyConfig currency = currencies.get(i);
            if (currency == null) {
                continue;
            }
            String field = "supportedCurrencies[" + i + "]";
            checkCurrencyCode(currency.currencyCode(), field + ".currencyCode", errors);
            if (currency.currencyCode() != null && !seen.add(currency.currencyCode())) {
                errors.add(FieldError.of(field + ".currencyCode", "Currency listed twice"));
            }
            if (currency.minAmount() != null && currency.maxAmount() != null && currency.minAmount() > currency.maxAmount()) {
                errors.add(FieldError.of(field + ".maxAmount", "Must not be below minAmount"));
            }
        }
    }

    private static void checkFees(List<FeeConfig> fees, List<FieldError> errors) {
        if (fees == null) {
            return;
        }
        for (int i = 0; i < fees.size(); i++) {
            FeeConfig fee = fees.get(i);
            if (fee == null) {
                continue;
            }
            checkCurrencyCode(fee.sourceCurrency(), "feeConfigs[" + i + "].sourceCurrency", errors);
            if (fee.fixedFee() != null) {
                checkCurrencyCode(fee.fixedFee().currency(), "feeConfigs[" + i + "].fixedFee.currency", errors);
            }
        }
    }

    private void checkCardConfigs(PlatformConfigRecords.CardConfigs cards, List<FieldError> errors) {
        if (cards == null) {
            return;
        }
        int ceiling = serverConfig.cards().maxLiveCards();
        if (cards.maxLiveCards() != null && cards.maxLiveCards() > ceiling) {
            errors.add(FieldError.of("cardConfigs.maxLiveCards", "Must be at most " + ceiling + " (this server's SVC_CARDS_MAX_LIVE_CARDS)"));
        }
        List<PlatformConfigRecords.CardSpendLimits> limits = cards.spendLimits() == null ? List.of() : cards.spendLimits();
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (int i = 0; i < limits.size(); i++) {
            PlatformConfigRecords.CardSpendLimits limit = limits.get(i);
            if (limit == null || limit.currency() == null) {
                continue;
            }
            String field = "cardConfigs.spendLimits[" + i + "].currency";
            checkCurrencyCode(limit.currency(), field, errors);
            if (!seen.add(limit.currency())) {
                errors.add(FieldError.of(field, "Each currency may appear once"));
            }
        }
    }

    private static void checkCurrencyCode(String code, String field, List<FieldError> errors) {
        if (code != null && !Currencies.isKnown(code)) {
            errors.add(new FieldError(field, FieldError.Constraint.oneOf(Currencies.codes()), "Unknown currency code"));
        }
    }

    private PlatformConfig toWire(PlatformConfigEntity entity) {
        PlatformSettings settings = read(entity.document);
        return new PlatformConfig(IdType.PLATFORM_CONFIG.wireId(entity.id), settings.umaDomain(),
                settings.proxyUmaSubdomain(), settings.webhookEndpoint(), settings.supportedCurrencies(),
                settings.isRegulatedFinancialInstitution(), settings.embeddedWalletConfig(),
                settings.cardTokenization2faConfig(), settings.cardConfigs(), settings.feeConfigs(), settings.skipsVerificationPaperwork(),
                signer.publicKeyPem(),
                entity.createdAt.toString(), entity.updatedAt.toString());
    }

    private PlatformSettings read(String document) {
        return json.read(document, PlatformSettings.class);
    }

    private String write(PlatformSettings settings) {
        return json.write(settings);
    }
}
