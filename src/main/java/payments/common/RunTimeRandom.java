package payments.common;

import com.fasterxml.uuid.Generators;
import com.fasterxml.uuid.impl.TimeBasedEpochGenerator;

import java.security.SecureRandom;
import java.util.function.Supplier;

/**
 * The process's random sources, made on first use. Never in a static initializer: a native image
 * runs static initializers at build time and would freeze the generator's state into the binary
 * (every process drawing the same "random" keys); the builder refuses it ("Detected an instance of
 * Random/SplittableRandom class in the image heap"). StaticStateTest keeps it so.
 */
public final class RunTimeRandom {

    private static final Lazy<SecureRandom> SECURE = new Lazy<>(SecureRandom::new);
    private static final Lazy<TimeBasedEpochGenerator> UUID_V7 = new Lazy<>(Generators::timeBasedEpochGenerator);

    private RunTimeRandom() {
    }

    /** One SecureRandom for keys, secrets, codes and card numbers (thread-safe). */
    public static SecureRandom secure() {
        return SECURE.get();
    }

    /** The UUIDv7 generator behind every id (time-ordered, with random bits from a SecureRandom). */
    static TimeBasedEpochGenerator uuidV7() {
        return UUID_V7.get();
    }

    /** A value made by the first caller that needs it. */
    private static final class Lazy<T> {
        private final Supplier<T> make;
        private volatile T value;

        Lazy(Supplier<T> make) {
            this.make = make;
        }

        T get() {
            T made = value;
            if (made == null) {
                synchronized (this) {
                    made = value;
                    if (made == null) {
                        made = make.get();
                        value = made;
                    }
                }
            }
            return made;
        }
    }
}
