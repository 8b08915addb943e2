package payments.db;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a GET whose reads may be served by the read replica (see {@link ReadReplica}): a method that
 * only reads, and decides no money. ReplicaReadTest refuses the mark on anything but a GET.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ReplicaRead {
}
