package payments.common;

import java.util.Set;

/** Regulatory regions, by ISO 3166-1 alpha-2 country code. */
public final class Regions {

    /** EU member states: contact verification before KYC and Strong Customer Authentication apply. */
    private static final Set<String> EU = Set.of("AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR",
            "HU", "IE", "IT", "LV", "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE");

    private Regions() {
    }

    public static boolean requiresContactVerification(String region) {
        return region != null && EU.contains(region);
    }

    public static boolean requiresSca(String region) {
        return region != null && EU.contains(region);
    }
}
