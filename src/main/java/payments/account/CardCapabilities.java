package payments.account;

/**
 * What a card funded by an account can do, decided by the card program of the account's currency
 * (see {@link CardPrograms}). A card keeps the capabilities it was issued with.
 */
public record CardCapabilities(boolean supportsSpendLimitsAtIssuance, boolean supportsTransactionCountLimit,
                               boolean supports3dSecurePassword, boolean supportsDigitalWalletTokenization) {
}
