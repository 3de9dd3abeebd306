package org.ppbus.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** A channel's name is printed and parsed in one place, and each name reads back as itself. */
class ChannelIdTest {
    @Test
    void namesAsTheRtlWritesThem() {
        assertEquals("c2a_c0_a1", new ChannelId.Link(Direction.C2A, 0, 1).toString());
        assertEquals("a2c_a1_c0", new ChannelId.Link(Direction.A2C, 0, 1).toString());
        assertEquals("m_3_0", new ChannelId.Between(3, 0).toString());
    }

    @Test
    void eachNameParsesBackToItsChannel() {
        for (ChannelId c : new ChannelId[] {
            new ChannelId.Link(Direction.C2A, 12, 4160),
            new ChannelId.Link(Direction.A2C, 7, 0),
            new ChannelId.Between(0, 99_999)
        }) {
            assertEquals(c, ChannelId.parse(c.toString()));
        }
        assertEquals(new ChannelId.Link(Direction.A2C, 5, 2), ChannelId.parse("a2c_a2_c5"));
    }

    @Test
    void anythingElseIsRefusedInOneLine() {
        for (String bad : new String[] {"c2a_a1_c0", "m_1", "m_1_2+4", "c2a_c0_a1_rx", "", "x2a_c0_a1"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ChannelId.parse(bad));
            assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        }
    }
}
