package payments.common.security;

/** The ways a caller can prove who it is. Each endpoint lists the ones it accepts. */
public enum AuthScheme {
    /** HTTP Basic with an API token's client id and secret. */
    BASIC("Basic"),
    /** An agent's access token, bound to one agent and its customer. */
    AGENT_BEARER("Bearer");

    private final String headerPrefix;

    AuthScheme(String headerPrefix) {
        this.headerPrefix = headerPrefix;
    }

    public String headerPrefix() {
        return headerPrefix;
    }
}
