package payments.stablecoin;

import payments.common.ApiException;
import payments.common.ErrorCode;

import java.math.BigInteger;

/**
 * Token amounts against fiat (pure): a stablecoin is worth one unit of its base currency, so an
 * amount in the token's smallest unit is a whole number of fiat minor units only when the token's
 * extra decimals divide it exactly (1,000,000 units of a 6-decimal token are 100 cents; 1,000,001
 * are not representable).
 */
public final class StablecoinAmounts {

    private StablecoinAmounts() {
    }

    /** The fiat minor units {@code amount} is worth, or 400 STABLECOIN_AMOUNT_NOT_REPRESENTABLE. */
    public static long fiatMinorUnits(BigInteger amount, int tokenDecimals, int fiatDecimals) {
        if (amount.signum() <= 0) {
            throw notRepresentable(amount, "must be more than zero");
        }
        BigInteger fiat;
        if (tokenDecimals >= fiatDecimals) {
            BigInteger[] split = amount.divideAndRemainder(BigInteger.TEN.pow(tokenDecimals - fiatDecimals));
            if (split[1].signum() != 0) {
                throw notRepresentable(amount, "is not a whole number of fiat minor units at " + tokenDecimals + " decimals");
            }
            fiat = split[0];
        } else {
            fiat = amount.multiply(BigInteger.TEN.pow(fiatDecimals - tokenDecimals));
        }
        if (fiat.bitLength() > 62) {
            throw notRepresentable(amount, "is too large");
        }
        return fiat.longValueExact();
    }

    private static ApiException notRepresentable(BigInteger amount, String why) {
        return new ApiException(ErrorCode.STABLECOIN_AMOUNT_NOT_REPRESENTABLE, "The amount " + amount + " " + why);
    }
}
