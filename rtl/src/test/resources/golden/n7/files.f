// nodes=7 latency=1 rules=fixed, compile order
+incdir+.
ppbus_outq.v
ppbus_channel.v
ppbus_client.v
ppbus_arbiter.v
ppbus_top.v
