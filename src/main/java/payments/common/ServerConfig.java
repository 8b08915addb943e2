package payments.common;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
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

    /**
     * The bank operations desk's credential (`SVC_OPERATIONS_CLIENT_ID`/`_SECRET`): a token holding
     * BANK_OPERATIONS only, made at start; in production the one way to that permission.
     */
    Optional<String> operationsClientId();

    Optional<String> operationsClientSecret();

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

    /**
     * Where the sandbox keeps the secrets key it generated when {@link #secretsKey} is not set: by
     * default beside its embedded database (payments.Main names the place; data/ when it does not).
     */
    @WithDefault("${sandbox-files.secrets-key:data/secrets.key}")
    String sandboxSecretsKeyFile();

    /** Where the sandbox keeps the credentials it generated, for restarts and the README walkthrough: as the secrets key. */
    @WithDefault("${sandbox-files.credentials:data/sandbox-credentials.env}")
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

    /**
     * The domain of customers' UMA addresses ({@code $name@domain}) a new platform configuration
     * starts with (PATCH /platform-config changes it later).
     */
    Optional<String> umaDomain();

    /**
     * {@link #umaDomain}, else the host of {@link #publicBaseUrl}, else in the sandbox the sandbox's
     * UMA domain; production has none to make up (a start-up problem, common.ModeCheck).
     */
    default Optional<String> defaultUmaDomain() {
        return umaDomain().filter(domain -> !domain.isBlank()).map(String::trim)
                .or(() -> publicBaseUrl().flatMap(ServerConfig::host))
                .or(() -> sandbox() ? Optional.of(SANDBOX_UMA_DOMAIN) : Optional.empty());
    }

    String SANDBOX_UMA_DOMAIN = "sandbox.uma.money";

    private static Optional<String> host(String url) {
        try {
            return Optional.ofNullable(java.net.URI.create(url.trim()).getHost());
        } catch (IllegalArgumentException notAUrl) {
            return Optional.empty();
        }
    }

    /** Largest accepted verification document file (POST and PUT /documents). */
    @WithDefault("10485760")
    long maxDocumentBytes();

    Jobs jobs();

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
}
