package payments.common;

/**
 * A response body that carries a secret (an API token's clientSecret, a hosted link's token).
 * Its answer stored under an Idempotency-Key is sealed under the secrets key, so the database
 * never holds the secret readable while a retry still gets the first response byte for byte.
 */
public interface CarriesSecret {

    /** Whether this body holds a secret now (a listed token shows none). */
    default boolean carriesSecret() {
        return true;
    }
}
