package payments.common;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * A status machine as data: each move it allows is a row (from, event, to, guard), and every status
 * write of its entity goes through {@link #move} (StatusMovesTest scans the compiled code for any
 * other). Pure. A new entity's status is null: its first status is a move from {@link #NEW}.
 *
 * @param <E> the entity whose status moves
 */
public final class StatusMachine<E> {

    /** The "status" of an entity that has none yet. */
    public static final String NEW = "(new)";

    /**
     * One allowed move. {@code event} names what causes it (documentation and error messages);
     * {@code guard}, when present, must hold on the entity or the move is refused with
     * {@code refusal}'s exception.
     */
    public record Move<E>(String from, String event, String to, Predicate<E> guard, Function<E, RuntimeException> refusal) {
    }

    private final String what;
    private final Function<E, Object> id;
    private final Function<E, String> status;
    private final BiConsumer<E, String> write;
    private final List<Move<E>> moves;
    private final boolean stayingIsNoMove;
    private final Refusal<E> refusal;

    private StatusMachine(Builder<E> builder) {
        this.what = builder.what;
        this.id = builder.id;
        this.status = builder.status;
        this.write = builder.write;
        this.moves = List.copyOf(builder.moves);
        this.stayingIsNoMove = builder.stayingIsNoMove;
        this.refusal = builder.refusal;
    }

    /**
     * A machine for {@code what} (named in messages): how to read an entity's id and status, and
     * the one place its status is written.
     */
    public static <E> Builder<E> of(String what, Function<E, Object> id, Function<E, String> status, BiConsumer<E, String> write) {
        return new Builder<>(what, id, status, write);
    }

    /** Why a move the caller asked for is refused, as the wire says it. */
    @FunctionalInterface
    public interface Refusal<E> {
        RuntimeException of(E entity, String from, String to);
    }

    /** Whether some row moves {@code from} (null: a new entity) to {@code to}, guards aside. */
    public boolean allows(String from, String to) {
        return find(from, null, to).isPresent();
    }

    /** Whether a row for {@code event} moves {@code from} to {@code to}, guards aside. */
    public boolean allows(String from, String event, String to) {
        return find(from, event, to).isPresent();
    }

    /** The statuses {@code from} may move to. */
    public Set<String> targets(String from) {
        String key = from == null ? NEW : from;
        return moves.stream().filter(m -> m.from().equals(key)).map(Move::to).collect(Collectors.toUnmodifiableSet());
    }

    /** Moves the entity from its stored status to {@code to}; a move no row allows is a bug (IllegalStateException). */
    public void move(E entity, String to) {
        move(entity, status.apply(entity), to);
    }

    /**
     * Moves the entity from {@code from}, its status as the caller reads it (a status that lapses
     * with time is read with the clock), to {@code to}; a move no row allows is a bug.
     */
    public void move(E entity, String from, String to) {
        apply(entity, from, null, to, (e, f, t) -> new IllegalStateException(what + " " + id.apply(e) + " cannot move from " + f
                + " to " + t));
    }

    /**
     * A move someone asked for, as {@code event}: only that event's rows count, and one none allows
     * is refused with the machine's refusal (the caller's mistake, not a bug).
     */
    public void request(E entity, String from, String event, String to) {
        apply(entity, from, event, to, refusal);
    }

    private void apply(E entity, String from, String event, String to, Refusal<E> illegal) {
        if (stayingIsNoMove && to.equals(from)) {
            return;
        }
        Move<E> row = find(from, event, to).orElseThrow(() -> illegal.of(entity, from, to));
        if (row.guard() != null && !row.guard().test(entity)) {
            throw row.refusal().apply(entity);
        }
        write.accept(entity, to);
    }

    private Optional<Move<E>> find(String from, String event, String to) {
        String key = from == null ? NEW : from;
        return moves.stream().filter(m -> m.from().equals(key) && m.to().equals(to) && (event == null || m.event().equals(event)))
                .findFirst();
    }

    public static final class Builder<E> {
        private final String what;
        private final Function<E, Object> id;
        private final Function<E, String> status;
        private final BiConsumer<E, String> write;
        private final List<Move<E>> moves = new ArrayList<>();
        private boolean stayingIsNoMove;
        private Refusal<E> refusal = (entity, from, to) -> new IllegalStateException(from + " -> " + to);

        private Builder(String what, Function<E, Object> id, Function<E, String> status, BiConsumer<E, String> write) {
            this.what = what;
            this.id = id;
            this.status = status;
            this.write = write;
        }

        /** {@code event} moves an entity in {@code from} to each of {@code to}. */
        public Builder<E> move(String from, String event, String... to) {
            for (String target : to) {
                moves.add(new Move<>(from, event, target, null, null));
            }
            return this;
        }

        /** {@code event} moves an entity in each of {@code from} to {@code to}. */
        public Builder<E> moveEach(List<String> from, String event, String to) {
            from.forEach(source -> move(source, event, to));
            return this;
        }

        /** A move allowed only while {@code guard} holds on the entity; otherwise {@code refusal}'s exception. */
        public Builder<E> guarded(String from, String event, String to, Predicate<E> guard, Function<E, RuntimeException> refusal) {
            moves.add(new Move<>(from, event, to, guard, refusal));
            return this;
        }

        /** Asking for the status the entity already has changes nothing and is no error. */
        public Builder<E> stayingIsNoMove() {
            this.stayingIsNoMove = true;
            return this;
        }

        /** The answer to a requested move no row allows ({@link #request}). */
        public Builder<E> refusing(Refusal<E> refusal) {
            this.refusal = refusal;
            return this;
        }

        public StatusMachine<E> build() {
            return new StatusMachine<>(this);
        }
    }
}
