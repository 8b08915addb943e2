package payments.quote;

import payments.common.ErrorCode;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The port to the UMA network: who receives at an address, and in which currencies. The sandbox
 * answers from its directory of magic addresses; production is not connected to a network yet
 * ({@link #NONE}: lookups and UMA quotes answer 501).
 */
public interface UmaNetwork {

    Pattern ADDRESS = Pattern.compile("^\\$[A-Za-z0-9._+-]{1,64}@[a-z0-9-]+(\\.[a-z0-9-]+)+$");

    static boolean wellFormed(String address) {
        return address != null && ADDRESS.matcher(address).matches();
    }

    /** A receiver: the currencies it takes. */
    record UmaReceiver(String address, List<String> currencies) {
    }

    boolean connected();

    /** How the lookup of this address fails as the counterparty reports it, if it does. */
    Optional<ErrorCode> lookupFailure(String address);

    Optional<UmaReceiver> find(String address);

    /** How the pay request to this receiver fails when a quote is made, as the counterparty answers, if it does. */
    default Optional<ErrorCode> payRequestFailure(String address) {
        return Optional.empty();
    }

    UmaNetwork NONE = new UmaNetwork() {
        @Override
        public boolean connected() {
            return false;
        }

        @Override
        public Optional<ErrorCode> lookupFailure(String address) {
            return Optional.empty();
        }

        @Override
        public Optional<UmaReceiver> find(String address) {
            return Optional.empty();
        }
    };
}
