package payments.common;

/** The typed prefixes of `<Type>:<uuid>` identifiers, as the wire spells them. */
public enum IdType {
    CUSTOMER("Customer"),
    EXTERNAL_ACCOUNT("ExternalAccount"),
    INTERNAL_ACCOUNT("InternalAccount"),
    QUOTE("Quote"),
    TRANSACTION("Transaction"),
    AGENT("Agent"),
    AGENT_ACTION("AgentAction"),
    CARD("Card"),
    CARD_TRANSACTION("CardTransaction"),
    SESSION("Session"),
    AUTH_METHOD("AuthMethod"),
    REQUEST("Request"),
    DELEGATED_KEY("DelegatedKey"),
    CARD_FUNDING_SOURCE("CardFundingSource"),
    SCA_CHALLENGE("ScaChallenge"),
    WEBHOOK("Webhook"),
    LOOKUP("Lookup"),
    TOKEN("Token"),
    PLATFORM_CONFIG("PlatformConfig"),
    JOB("Job"),
    /** A background job of the runner (common.jobs), for operators; "Job" is the reference's bulk upload job. */
    BACKGROUND_JOB("BackgroundJob"),
    BENEFICIAL_OWNER("BeneficialOwner"),
    DOCUMENT("Document"),
    VERIFICATION("Verification"),
    STABLECOIN("Stablecoin"),
    STABLECOIN_OPERATION("StablecoinOperation"),
    STABLECOIN_PROVIDER_ACCOUNT("StablecoinProviderAccount"),
    PARKED_BANK_ENTRY("ParkedBankEntry"),
    BANK_STATEMENT("BankStatement"),
    BANK_STATEMENT_LINE("BankStatementLine");

    private final String prefix;

    IdType(String prefix) {
        this.prefix = prefix;
    }

    public String prefix() {
        return prefix;
    }

    /** The pattern of this type's wire ids, for the {@code constraint} of a field that must hold one. */
    public String pattern() {
        return "^" + prefix + ":[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";
    }

    /** The wire form `<Type>:<uuid>` of a stored id. */
    public String wireId(java.util.UUID id) {
        return prefix + ":" + id;
    }
}
