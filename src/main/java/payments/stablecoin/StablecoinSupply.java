package payments.stablecoin;

import payments.common.ApiException;
import payments.common.ErrorCode;

import java.math.BigInteger;

/**
 * What a burn may take (pure): the coin's outstanding supply, its tokens minted through this server
 * (mints COMPLETED) less those burnt or being burnt (every burn not FAILED or EXPIRED: a burn claims
 * its amount when it is made). The provider's reserve holds fiat against those tokens only, so a
 * burn beyond them would pay out fiat this server never took in and take STABLECOIN_RESERVE below zero.
 */
final class StablecoinSupply {

    private StablecoinSupply() {
    }

    /** 400 INSUFFICIENT_FUNDS unless {@code outstanding} covers a burn of {@code amount}. */
    static void requireCovers(String coinId, BigInteger outstanding, BigInteger amount) {
        if (outstanding.compareTo(amount) < 0) {
            throw new ApiException(ErrorCode.INSUFFICIENT_FUNDS, "Stablecoin " + coinId + " has " + outstanding + " units minted"
                    + " through this server and not burnt or being burnt; a burn of " + amount + " needs at least that many");
        }
    }
}
