package payments.common;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** Settings of this server, all overridable by `SVC_*` environment variables. */
@ConfigMapping(prefix = "svc")
public interface ServerConfig {

    enum Mode { SANDBOX, PRODUCTION }

    /** `sandbox` (default) serves the sandbox endpoints; `production` answers them 404. */
    @WithDefault("sandbox")
    String mode();

    default Mode parsedMode() {
        return Mode.valueOf(mode().trim().toUpperCase());
    }

    default boolean sandbox() {
        return parsedMode() == Mode.SANDBOX;
    }

    enum LogFormat { JSON, TEXT }

    /**
     * Console log format: JSON in production, text in the sandbox, unless set (LogFormatSource
     * applies it as logging starts; here a value other than json or text stops the start).
     */
    Optional<LogFormat> logFormat();

    /** Client id of the bootstrap API token; generated on first start when absent. */
    Optional<String> apiClientId();

    Optional<String> apiClientSecret();

    /**
     * The compliance desk's credential (`SVC_COMPLIANCE_CLIENT_ID`/`_SECRET`): a token holding
     * COMPLIANCE_REVIEW only, made at start. In production the one way to that permission: no API
     * call grants it.
     */
    Optional<String> complianceClientId();

    Optional<String> complianceClientSecret();

    /** PEM (PKCS#8) P-256 private key for webhook signatures; generated once and stored when absent. */
    Optional<String> webhookSigningKey();

    /** Whether /q/metrics, /q/openapi and /q/swagger-ui answer: by default in the sandbox only. */
    Optional<Boolean> diagnosticsPublic();

    /** {@link #diagnosticsPublic}, or its default: the sandbox serves them, production does not. */
    default boolean diagnosticsServed() {
        return diagnosticsPublic().orElse(sandbox());
    }

    /** 32 bytes in base64: the key that seals secrets stored in the database (see SecretsAtRest). */
    Optional<String> secretsKey();

    /** Where the sandbox keeps the secrets key it generated when {@link #secretsKey} is not set. */
    @WithDefault("data/secrets.key")
    String sandboxSecretsKeyFile();

    /** Where the sandbox keeps the credentials it generated, for restarts and the README walkthrough. */
    @WithDefault("data/sandbox-credentials.env")
    String sandboxCredentialsFile();

    /**
     * Request fields the interface does not define: {@code WARN} (the default) accepts the request as
     * the reference does and names them in the {@code Svc-Unknown-Fields} answer header; {@code REJECT}
     * answers 400 listing each.
     */
    @WithDefault("WARN")
    UnknownFields.Policy unknownFields();

    /** Largest accepted request body. */
    @WithDefault("1048576")
    long maxBodyBytes();

    /**
     * The API's public base URL including the version segment (e.g. https://api.example.com/2025-10-13/),
     * for links handed out to end users; by default the base URL of the request that asked for the link.
     */
    Optional<String> publicBaseUrl();

    /** Largest accepted verification document file (POST and PUT /documents). */
    @WithDefault("10485760")
    long maxDocumentBytes();

    Jobs jobs();

    Webhooks webhooks();

    interface Webhooks {
        /**
         * Host names a webhook endpoint may name even though they resolve to loopback, link-local or
         * private addresses (a receiver inside the deployment's own network).
         */
        Optional<java.util.List<String>> allowedHosts();

        /**
         * Deliveries one instance has in flight at once, and kept-alive connections to the endpoint.
         * Deliveries and API requests share the event loops: with fewer slots than the load has
         * requests in flight, delivery falls behind a busy API and its lag grows (measured).
         */
        @WithDefault("512")
        int concurrency();

        /**
         * A Standard Webhooks secret ({@code whsec_} and base64 of 24 to 64 bytes): when set, every
         * delivery also carries {@code webhook-id}, {@code webhook-timestamp} and
         * {@code webhook-signature}, verifiable with the Standard Webhooks libraries.
         */
        Optional<String> standardSecret();

        /**
         * How often each instance looks for due deliveries when its last pass found no full batch.
         * An idle look is one indexed query; the wait is part of every event's delivery lag.
         */
        @WithDefault("100ms")
        Duration pollInterval();
    }

    /** Where the agreements customers accept are published (GET /customers/agreements). */
    AgreementUrls agreements();

    interface AgreementUrls {
        @WithDefault("https://payments.invalid/legal/end-user-terms/v1")
        String endUserTermsUrl();

        @WithDefault("https://payments.invalid/legal/privacy-policy/v1")
        String privacyPolicyUrl();
    }

    interface Jobs {
        /** How often each instance looks for due jobs. */
        @WithDefault("250ms")
        Duration pollInterval();

        /** How long a claimed job stays invisible to other claimers before it counts as abandoned. */
        @WithDefault("60s")
        Duration lease();

        /** Jobs one claim takes. */
        @WithDefault("100")
        int batchSize();

        /** Jobs one instance runs at once (each may hold a database connection). */
        @WithDefault("16")
        int concurrency();

        @WithDefault("true")
        boolean enabled();
    }

    Retention retention();

    /** How long rows that only grow are kept (see Retention); the ledger, payments and audits are never deleted. */
    interface Retention {
        /** Webhook events delivered, failed or skipped, with their attempts (pending ones are never deleted). */
        @WithDefault("30d")
        Duration webhookEvents();

        /** Jobs given up (DEAD); done jobs are deleted as they finish. */
        @WithDefault("30d")
        Duration deadJobs();

        /** Embedded-wallet signed-retry challenges, after they expire. */
        @WithDefault("7d")
        Duration walletRequests();

        /** Card network message tokens (what keeps a network retry from applying twice). */
        @WithDefault("90d")
        Duration cardNetworkEvents();

        /** How often each instance sweeps. */
        @WithDefault("10m")
        Duration every();

        /** Rows one statement deletes, at most: no long lock, no burst of WAL. */
        @WithDefault("1000")
        int batchSize();

        /** Statements per table and sweep, at most: a large backlog is worked off over several sweeps. */
        @WithDefault("20")
        int maxBatches();
    }

    Batching batching();

    /** Group commit of payments executed at once (see PaymentBatcher). */
    interface Batching {
        /**
         * Batches one instance may have committing at the same time. Beside a committing batch a
         * new one takes only payments on rows the other does not lock ({@code BatchQueue}). One
         * measured best on two cores: with two, the database was already the busy side, and the
         * smaller batches cost it more per payment than the overlap saved.
         */
        @WithDefault("1")
        int maxInFlight();

        /** Payments in one batch at most. */
        @WithDefault("200")
        int maxSize();

        /**
         * Payments waiting for a batch at most, per instance; beyond it a payment is refused with 503
         * and Retry-After (not stored under its Idempotency-Key, so the same request may come again).
         */
        @WithDefault("10000")
        int maxWaiting();
    }

    Fx fx();

    /** The sandbox's deterministic exchange rates and the service's own fees. */
    interface Fx {
        /** Units of each currency one US dollar buys; a currency missing here cannot be converted. */
        Map<String, BigDecimal> unitsPerUsd();

        /** How long a served rate table stays the same (the spec's ~5 minute cache). */
        @WithDefault("5m")
        Duration rateCacheTtl();

        /** The service's variable fee on cross-currency payments, in basis points of the sending amount. */
        @WithDefault("30")
        int serviceFeeBps();

        /** The service's fixed fee on cross-currency payments, per sending currency, in its minor units. */
        Map<String, Long> serviceFixedFee();

        /** How long a quote's locked rate lasts. */
        @WithDefault("5m")
        Duration quoteLifetime();
    }

    Limits limits();

    /**
     * Payment limits in the sending currency's minor units, keyed by sending currency ("USD") or by
     * corridor ("USD_EUR", which wins over the currency). A currency with no entry has no limit.
     */
    interface Limits {
        /** Largest single payment. */
        Map<String, Long> transactionMax();

        /** Most a customer (or the platform) may send per UTC day. */
        Map<String, Long> dailyVolume();

        /**
         * Most a payment may carry, in euro cents, to a self-custody wallet whose ownership is not
         * verified yet (the EU transfer-of-funds rule's EUR 1,000).
         */
        @WithDefault("100000")
        long unverifiedWalletMaxEurCents();
    }

    Cards cards();

    /** Virtual cards: which funding currencies are card-eligible and with what capabilities. */
    interface Cards {
        /**
         * One entry per card-eligible currency: the code, then after a colon the capabilities of a
         * card funded in it, joined by '+': SPEND_LIMITS, COUNT_LIMIT, 3DS_PASSWORD, WALLET_TOKENIZATION.
         */
        @WithDefault("USD:SPEND_LIMITS+COUNT_LIMIT+WALLET_TOKENIZATION,EUR:SPEND_LIMITS+COUNT_LIMIT+3DS_PASSWORD+WALLET_TOKENIZATION,USDB")
        java.util.List<String> programs();

        /** Most cards not CLOSED per platform; PATCH /config cardConfigs.maxLiveCards may set a lower one. */
        @WithDefault("10000")
        int maxLiveCards();

        /** How long an authorization's unsettled remainder stays held before it is given back. */
        @WithDefault("P7D")
        Duration authorizationExpiry();

        /** How long a reveal link (POST /cards/{id}/reveal) opens the card's details, once. */
        @WithDefault("5m")
        Duration revealLinkLifetime();

        /**
         * PEM files of the roots an Apple Pay wallet's certificate chain must lead to (Apple's root
         * in production); unset, the sandbox trusts its own test root and production refuses Apple Pay.
         */
        Optional<java.util.List<String>> tokenizationRoots();

        /**
         * How long a card may stay PROCESSING while the issuer does not answer; past it the service
         * closes it (CLOSED, statusReason CLOSED_BY_GRID, CARD.STATUS_CHANGE).
         */
        @WithDefault("1h")
        Duration provisioningTimeout();

        /** Tokenizations of one card per rolling 24 hours, past which POST /cards/{id}/tokenize answers 429. */
        @WithDefault("10")
        int tokenizationsPerDay();
    }

    Mail mail();

    /** E-mail the server sends itself (production): one-time codes. */
    interface Mail {
        /**
         * The sender address. Set, codes go out over the SMTP server of the {@code quarkus.mailer.*}
         * settings; unset, production sends no codes (501).
         */
        Optional<String> from();
    }

    Sms sms();

    /** Text messages the server does not send itself (production): one-time codes to phones. */
    interface Sms {
        /**
         * True: a phone's code goes to the platform as a MESSAGE.SMS_REQUESTED webhook event (its
         * text, the number, the code), for the platform's own SMS provider to deliver; the event is
         * sealed at rest. False (default): phone codes answer 501.
         */
        @WithDefault("false")
        boolean viaWebhook();
    }
}
