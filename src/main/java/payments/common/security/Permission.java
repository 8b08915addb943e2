package payments.common.security;

import java.util.EnumSet;
import java.util.Set;

/**
 * What an API token may do: VIEW reads; TRANSACT moves money; MANAGE changes config, tokens and
 * customers (the reference's three). COMPLIANCE_REVIEW is this server's own: deciding identity
 * verifications in the operator review queue; so is BANK_OPERATIONS: resolving what the bank rails
 * parked for a person. MANAGE implies neither and the bootstrap token holds neither, so those
 * decisions need tokens made for the staff who take them (in production only from the credentials
 * the operator configures).
 */
public enum Permission {
    VIEW, TRANSACT, MANAGE, COMPLIANCE_REVIEW, BANK_OPERATIONS;

    /** The staff's permissions: granted by no API call in production, only through the credentials the operator configures. */
    public static final Set<Permission> STAFF = java.util.Collections.unmodifiableSet(EnumSet.of(COMPLIANCE_REVIEW, BANK_OPERATIONS));

    /** The reference interface's permissions: what the bootstrap token holds. */
    public static final Set<Permission> REFERENCE = java.util.Collections.unmodifiableSet(EnumSet.of(VIEW, TRANSACT, MANAGE));
}
