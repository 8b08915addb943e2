package payments.common.security;

import java.util.EnumSet;
import java.util.Set;

/**
 * What an API token may do: VIEW reads; TRANSACT moves money; MANAGE changes config, tokens and
 * customers (the reference's three). COMPLIANCE_REVIEW is this server's own: deciding identity
 * verifications in the operator review queue. MANAGE does not imply it and the bootstrap token
 * does not hold it, so compliance decisions need a token made for the staff who take them.
 */
public enum Permission {
    VIEW, TRANSACT, MANAGE, COMPLIANCE_REVIEW;

    /** The reference interface's permissions: what the bootstrap token holds. */
    public static final Set<Permission> REFERENCE = java.util.Collections.unmodifiableSet(EnumSet.of(VIEW, TRANSACT, MANAGE));
}
