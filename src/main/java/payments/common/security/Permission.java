package payments.common.security;

/** What an API token may do: VIEW reads; TRANSACT moves money; MANAGE changes config, tokens and customers. */
public enum Permission { VIEW, TRANSACT, MANAGE }
