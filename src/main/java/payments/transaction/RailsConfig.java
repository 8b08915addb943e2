package payments.transaction;

import io.smallrye.config.ConfigMapping;

import java.util.List;
import java.util.Optional;

/** Which implementation carries each payment rail ({@link RailRoutes}). */
@ConfigMapping(prefix = "svc.rails")
public interface RailsConfig {

    /**
     * {@code RAIL=implementation} entries, comma-separated ({@code SEPA=iso20022-files,*=none});
     * unset: every rail to the one implementation the mode runs.
     */
    Optional<List<String>> routes();
}
