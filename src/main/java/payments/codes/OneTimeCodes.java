package payments.codes;

import jakarta.enterprise.context.ApplicationScoped;
import payments.common.RunTimeRandom;

import java.security.SecureRandom;

/** Six random digits for a one-time code (production). The random source is the bean's, made at run time. */
@ApplicationScoped
public class OneTimeCodes {

    private final SecureRandom random = RunTimeRandom.secure();

    public String next() {
        return String.format("%06d", random.nextInt(1_000_000));
    }
}
