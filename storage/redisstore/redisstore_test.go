package redisstore_test

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/redisstore"
	"github.com/smokestack/smokestack/storage/redistest"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// srv is the one redis-server of this test binary; every test uses its own
// key prefix on it.
var srv *redistest.Server

func TestMain(m *testing.M) {
	var err error
	srv, err = redistest.Start(redistest.Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	if err := srv.Stop(); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	os.Exit(code)
}

// testStore is the store under test plus the means to damage its data.
type testStore struct {
	*redisstore.Store
	srv    *redistest.Server
	prefix string
}

func (s testStore) Corrupt(t *testing.T, id string) {
	c := s.srv.Client()
	defer c.Close()
	key := s.prefix + ":{m:" + id + "}:match"
	if err := c.HSet(context.Background(), key, "rec", `{"id": "`+id+`", "version": 1, `).Err(); err != nil {
		t.Fatal(err)
	}
}

func openStore(t *testing.T, opts storage.Options) storage.Store {
	prefix := redistest.Prefix(t)
	s := redisstore.New(srv.Client(), prefix, opts)
	t.Cleanup(func() { s.Close() })
	return testStore{Store: s, srv: srv, prefix: prefix}
}

func TestConformance(t *testing.T) {
	storagetest.Run(t, openStore)
}
